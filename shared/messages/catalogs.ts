// zh texts for the catalogs area (English template → Chinese).
export const catalogs: Record<string, string> = {
};
