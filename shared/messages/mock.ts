// zh texts for the mock area (English template → Chinese).
export const mock: Record<string, string> = {
};
