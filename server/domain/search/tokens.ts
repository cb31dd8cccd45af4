// Search tokens shared by the index (pages.search_vector) and the query. Latin/Cyrillic/… words
// are lower-cased and indexed whole and from every part of an identifier (getUserInfo → also
// userinfo, info; HTTPServer2 → server2, 2), so a prefix query finds words, word starts and
// identifier parts; CJK text is indexed as every character plus every pair of neighbouring
// characters, so a one-character Chinese keyword and longer phrases both hit the GIN index.
// For a keyword of one word or one or two CJK characters the index answer is exact; longer
// keywords are then checked on the text (see search.ts).
import { isWorkbookContent, workbookText, type Workbook } from '../../../shared/sheet/workbook';

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
/** runs of CJK characters, or runs of other letters and digits */
const PIECES = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}])+)`, 'gu');
const MAX_WORD = 40;
/** keeps a tsvector well under PostgreSQL's 1 MB limit even for 2-million-character pages */
const MAX_BYTES = 600_000;

/** U upper-case letter, N digit, L other letter (ASCII answered without a regular expression: most text is) */
function kind(ch: string): 'U' | 'N' | 'L' {
  const c = ch.charCodeAt(0);
  if (c < 128) return c >= 65 && c <= 90 ? 'U' : c >= 48 && c <= 57 ? 'N' : 'L';
  return /\p{Lu}/u.test(ch) ? 'U' : /\p{N}/u.test(ch) ? 'N' : 'L';
}

/** Where the parts of an identifier start: 0, lower→Upper, letter↔digit, and HTTPServer's S. */
export function partStarts(w: ArrayLike<string>): number[] {
  const out = [0];
  for (let i = 1; i < w.length; i++) {
    const a = kind(w[i - 1]);
    const b = kind(w[i]);
    const next = i + 1 < w.length ? kind(w[i + 1]) : '';
    if ((a === 'L' && b === 'U') || (a === 'N') !== (b === 'N') || (a === 'U' && b === 'U' && next === 'L')) out.push(i);
  }
  return out;
}

/** Two words count as a pair (indexed together, for phrases) when only this separates them. */
const PAIR_GAP = /^[^\n\p{L}\p{N}]{1,8}$/u;
/** joins a word pair in one token (never part of a word) */
const PAIR = '+';

export const isAscii = (s: string) => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
};

/** A word's lower-cased parts, whole word first (at most MAX_WORD characters). */
function wordParts(word: string, ascii: boolean): string[] {
  if (ascii) {
    // one character per code unit, and lower-casing keeps lengths: slice the string itself
    const w = word.length > MAX_WORD ? word.slice(0, MAX_WORD) : word;
    const lower = w.toLowerCase();
    return partStarts(w).map((i) => (i === 0 ? lower : lower.slice(i)));
  }
  const w = Array.from(word).slice(0, MAX_WORD);
  return partStarts(w).map((i) => w.slice(i).join('').toLowerCase());
}

/** Distinct index tokens of a text. */
export function indexTokens(text: string): string[] {
  const out = new Set<string>();
  let bytes = 0;
  /** ascii: the length is the UTF-8 size */
  const add = (t: string, ascii: boolean) => {
    if (out.has(t)) return;
    out.add(t);
    bytes += (ascii ? t.length : Buffer.byteLength(t)) + 8;
  };
  /** the previous word's parts (lower-cased) and where it ended, for word pairs */
  let prev: { parts: string[]; end: number; ascii: boolean } | null = null;
  for (const m of text.matchAll(PIECES)) {
    if (bytes >= MAX_BYTES) break;
    if (m[1]) {
      prev = null;
      const chars = Array.from(m[1]);
      for (let i = 0; i < chars.length; i++) {
        add(chars[i], false);
        if (i + 1 < chars.length) add(chars[i] + chars[i + 1], false);
      }
    } else {
      const ascii = isAscii(m[2]);
      const parts = wordParts(m[2], ascii);
      for (const p of parts) add(p, ascii);
      const gap = prev ? m.index - prev.end : 0;
      if (prev && gap >= 1 && gap <= 16 && PAIR_GAP.test(text.slice(prev.end, m.index))) {
        for (const p of prev.parts) add(p + PAIR + parts[0], ascii && prev.ascii);
      }
      prev = { parts, end: m.index + m[0].length, ascii };
    }
  }
  return [...out];
}

/** The index tokens of a page (stored as pages.search_vector by the repositories). */
export function pageTokens(title: string, content: string): string[] {
  // a spreadsheet's JSON: its cells' text, not its keys and styles
  if (isWorkbookContent(content)) content = workbookText(JSON.parse(content) as Workbook);
  return indexTokens(`${title}\n${content}`);
}

/**
 * A keyword as the search matches it: letter case does not count (the index holds lower-cased
 * words, the text check is ILIKE, snippets are found in any case), spaces around it go and a run
 * of spaces in it is one space. The search runs on this form, and its answers are cached under
 * it, so "Order", "ORDER" and " order " are one search. Width (Ｏｒｄｅｒ) and other
 * compatibility forms are not folded: the index keeps them as written.
 */
export function searchKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/gu, ' ').toLowerCase();
}

export interface KeywordQuery {
  /** tsquery text: every part must occur (words as prefixes of indexed suffixes, CJK as characters or pairs) */
  tsquery: string;
  /** the index answer is the exact answer (no need to check the text) */
  exact: boolean;
}

/** The index query for a keyword, or null when it has no letter, digit or CJK character (e.g. "->"). */
export function keywordQuery(keyword: string): KeywordQuery | null {
  const parts: string[] = [];
  const pieces = [...keyword.matchAll(PIECES)];
  const word = (m: RegExpMatchArray) => Array.from(m[2].toLowerCase()).slice(0, MAX_WORD).join('');
  pieces.forEach((m, n) => {
    if (m[1]) {
      const chars = Array.from(m[1]);
      if (chars.length === 1) parts.push(`'${chars[0]}'`);
      for (let i = 0; i + 1 < chars.length; i++) parts.push(`'${chars[i]}${chars[i + 1]}'`);
      return;
    }
    const next = pieces[n + 1];
    const gap = next ? keyword.slice(m.index! + m[0].length, next.index) : '';
    if (next?.[2] && PAIR_GAP.test(gap)) {
      // a phrase: the pair of words is one token (the second word may go on: a prefix when it is the last)
      const last = n + 2 === pieces.length;
      parts.push(`'${word(m)}${PAIR}${word(next)}'${last ? ':*' : ''}`);
      return;
    }
    const pairedWithPrevious = n > 0 && pieces[n - 1][2] && PAIR_GAP.test(keyword.slice(pieces[n - 1].index! + pieces[n - 1][0].length, m.index));
    // any indexed part starting with the word (a word longer than the indexed part: its start)
    if (!pairedWithPrevious) parts.push(`'${word(m)}':*`);
  });
  if (!parts.length) return null;
  const only = pieces.length === 1 && pieces[0][0] === keyword ? pieces[0] : null;
  const exact = !!only && (only[1] ? Array.from(only[1]).length <= 2 : Array.from(only[2]).length <= MAX_WORD);
  return { tsquery: [...new Set(parts)].join(' & '), exact };
}
