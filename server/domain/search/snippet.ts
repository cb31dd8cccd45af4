// The snippet a hit shows (search_content): about 100 characters either side of the keyword's
// first place in the page, in any case — the keyword as typed first, then lower-cased, then
// with the page lower-cased — or the page's first 200 characters when only the title matched.
// Cut here rather than in SQL: finding and cutting by characters in the database took half of an
// uncached search's database time; the pages of one answer (51) are only ~100 KB.

export const SNIPPET_SIDE = 100;

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** `count` characters (code points, as PostgreSQL counts them) back from `at`, not before 0 */
function back(text: string, at: number, count: number): number {
  for (let i = 0; i < count && at > 0; i++) at -= at > 1 && isLow(text.charCodeAt(at - 1)) && isHigh(text.charCodeAt(at - 2)) ? 2 : 1;
  return at;
}

/** `count` characters on from `at`, not past the end */
function on(text: string, at: number, count: number): number {
  for (let i = 0; i < count && at < text.length; i++) at += isHigh(text.charCodeAt(at)) && isLow(text.charCodeAt(at + 1)) ? 2 : 1;
  return at;
}

const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** where the keyword first stands in the text, in any case; -1 when it does not */
export function keywordAt(text: string, keyword: string): number {
  const typed = text.indexOf(keyword);
  if (typed >= 0) return typed;
  const lower = keyword.toLowerCase();
  if (lower === keyword.toUpperCase()) return -1; // no letters that have a case
  if (lower !== keyword) {
    const at = text.indexOf(lower);
    if (at >= 0) return at;
  }
  const folded = text.toLowerCase();
  // lower-casing kept every position (nearly always): search the folded text
  if (folded.length === text.length) return folded.indexOf(lower);
  return new RegExp(escapeRegExp(keyword), 'iu').exec(text)?.index ?? -1;
}

export function snippetOf(content: string, keyword: string): string {
  const at = keywordAt(content, keyword);
  const start = at < 0 ? 0 : back(content, at, SNIPPET_SIDE);
  const length = at < 0 ? 2 * SNIPPET_SIDE : [...keyword].length + 2 * SNIPPET_SIDE;
  return content.slice(start, on(content, start, length));
}
