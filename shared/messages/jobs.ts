// zh texts for the jobs area (English template → Chinese).
export const jobs: Record<string, string> = {
};
