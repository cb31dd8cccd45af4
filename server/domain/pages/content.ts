// Page content as clients send it: ShowDoc's editors send `page_content` percent-encoded with
// is_urlencode=1 (PHP urldecode semantics: '+' is a space). Invalid encodings and oversized
// pages are refused with a clear message before anything is written.
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { PAGE_CONTENT_MAX_CHARS } from '../../../shared/limits';

export function decodePageContent(raw: string, urlencoded: boolean): string {
  if (!urlencoded) return raw;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new ApiError(ErrorCode.GENERIC, 'page_content is not valid URL encoding (is_urlencode=1)');
  }
}

export function checkPageContent(content: string): void {
  if (content.length > PAGE_CONTENT_MAX_CHARS) {
    throw new ApiError(ErrorCode.GENERIC, 'The page is too large (max {max} characters)', { max: PAGE_CONTENT_MAX_CHARS });
  }
}

/** The page to save over is not (or no longer) a live page of the item. */
export const pageGone = () => new ApiError(ErrorCode.GENERIC, 'Page not found or deleted');
