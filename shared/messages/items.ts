// zh texts for the items area (English template → Chinese).
export const items: Record<string, string> = {
};
