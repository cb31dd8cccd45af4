// What one import may hold. The uploaded file itself is under the site's upload limit (the
// request parser refuses bigger ones); these bound what it unpacks to and what it creates.
const MiB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** entries in a zip file (folders included) */
  zipEntries: 10_000,
  /** bytes all entries read from a zip unpack to, counted while inflating */
  zipUnpackedBytes: 256 * MiB,
  /** bytes one Markdown or JSON entry may unpack to */
  textEntryBytes: 16 * MiB,
  /** pages one import creates */
  pages: 10_000,
  /** values (objects, arrays, scalars) in a JSON or YAML document, counted as a tree: YAML aliases count each time they are used */
  documentNodes: 3_000_000,
  /** fields shown for one schema (request or response), over every nesting level */
  schemaFields: 400,
  /** nesting levels a schema example or field table goes down */
  schemaDepth: 8,
  /** entries listed in the report's skipped list (all of them are counted) */
  reportedSkips: 200,
} as const;

/** Imports are kept this long for their status and a retry, then removed. */
export const IMPORT_RETENTION_SECONDS = 7 * 86400;
/** A running import that reported nothing for this long is taken as abandoned and undone. */
export const IMPORT_ABANDONED_SECONDS = 3600;
