// Editor constants of spec §9.
export const DRAFT_INTERVAL_MS = 30_000;
export const DRAFT_MIN_CHARS = 10;
/** above this many characters the live preview switches off */
export const PREVIEW_MAX_CHARS = 3000;
export const EDITOR_HEIGHT = 750;
export const ATTACHMENTS_PER_PAGE = 5;
