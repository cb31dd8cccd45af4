// The snippet a hit shows (search_content): about 100 characters either side of the keyword's
// first place in the page, in any case, or the page's first 200 characters when only the title
// matched. Cut here rather than in SQL: finding and cutting by characters in the database took
// half of an uncached search's database time. The search reads pages of up to
// SNIPPET_WHOLE_BYTES whole and only the head (SNIPPET_HEAD + 1 characters) of longer ones, so
// an answer never carries megabytes; a hit whose head does not decide its snippet is read whole.

export const SNIPPET_SIDE = 100;
/** pages up to this size (UTF-8 bytes) are read whole */
export const SNIPPET_WHOLE_BYTES = 4096;
/** characters read of a longer page at first: fewer than SNIPPET_WHOLE_BYTES / 4, so it is always cut */
export const SNIPPET_HEAD = 1000;

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

/** the last keyword's pattern: one search asks for the same keyword in every hit */
let anyCase = { keyword: '', pattern: /(?:)/iu };

/** where the keyword first stands in the text, in any case; -1 when it does not */
export function keywordAt(text: string, keyword: string): number {
  const typed = text.indexOf(keyword);
  if (keyword.toLowerCase() === keyword.toUpperCase()) return typed; // no letters that have a case
  if (anyCase.keyword !== keyword) anyCase = { keyword, pattern: new RegExp(escapeRegExp(keyword), 'iu') };
  // another casing can only stand earlier than the keyword as typed: look no further. A
  // case-insensitive pattern finds it without lower-casing the page (15 times faster)
  return anyCase.pattern.exec(typed < 0 ? text : text.slice(0, typed + keyword.length))?.index ?? typed;
}

/** start and end (code units) of the snippet in the text */
function snippetSpan(text: string, keyword: string): [number, number] {
  const at = keywordAt(text, keyword);
  const start = at < 0 ? 0 : back(text, at, SNIPPET_SIDE);
  const length = at < 0 ? 2 * SNIPPET_SIDE : [...keyword].length + 2 * SNIPPET_SIDE;
  return [start, on(text, start, length)];
}

/**
 * A copy of text.slice(start, end) that does not keep the text alive: V8's slices point into
 * their parent, so a cached snippet of 200 characters would hold its whole page in memory.
 * (Slicing a concatenation slices a fresh flat copy of it.)
 */
function detachedSlice(text: string, start: number, end: number): string {
  return (' ' + text.slice(start, end)).slice(1);
}

export function snippetOf(content: string, keyword: string): string {
  const [start, end] = snippetSpan(content, keyword);
  return detachedSlice(content, start, end);
}

/**
 * @param head the first SNIPPET_HEAD + 1 characters of a longer content
 * @returns the snippet of the whole content, or null when only the whole content can tell it
 */
export function snippetOfHead(head: string, keyword: string): string | null {
  if (keywordAt(head, keyword) < 0) return null; // later in the page, or only in the title
  const [start, end] = snippetSpan(head, keyword);
  // the snippet ran into the cut: its end lies beyond the head
  return end < head.length ? detachedSlice(head, start, end) : null;
}
