// zh texts for the pages area (English template → Chinese).
export const pages: Record<string, string> = {
};
