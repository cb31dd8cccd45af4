// zh texts for the notices area (English template → Chinese).
export const notices: Record<string, string> = {
};
