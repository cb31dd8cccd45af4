// zh texts for the realtime area (English template → Chinese).
export const realtime: Record<string, string> = {
};
