// zh texts for the people area (English template → Chinese).
export const people: Record<string, string> = {
};
