// The multipart parser refuses a file over the site's limit while reading the body; its error
// carries no figure (the generic "limit ? MB" answer), so uploads name the limit they were held to.
import { fileTooLarge } from '../errors';

/** formidable's codes for a file (or the files together) over the size limit */
const OVER_LIMIT = new Set([1009, 1016]);

/** The parser's refusal as the upload-size error with the limit in it; any other error unchanged. */
export function namingFileLimit(err: unknown, mb: number): unknown {
  const e = err as { code?: unknown; httpCode?: unknown } | null;
  return e && typeof e === 'object' && OVER_LIMIT.has(Number(e.code)) && e.httpCode === 413 ? fileTooLarge(mb) : err;
}
