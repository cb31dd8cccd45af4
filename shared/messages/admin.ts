// zh texts for the admin area (English template → Chinese).
export const admin: Record<string, string> = {
};
