// zh texts for the attachments area (English template → Chinese).
export const attachments: Record<string, string> = {
};
