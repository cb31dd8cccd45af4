// zh texts for the openapi area (English template → Chinese).
export const openapi: Record<string, string> = {
};
