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

const asciiKind = (c: number): 'U' | 'N' | 'L' => (c >= 65 && c <= 90 ? 'U' : c >= 48 && c <= 57 ? 'N' : 'L');

/** U upper-case letter, N digit, L other letter (ASCII answered without a regular expression: most text is) */
function kind(ch: string): 'U' | 'N' | 'L' {
  const c = ch.charCodeAt(0);
  if (c < 128) return asciiKind(c);
  return /\p{Lu}/u.test(ch) ? 'U' : /\p{N}/u.test(ch) ? 'N' : 'L';
}

/** A part starts at b (kinds of the characters before, at and after it): lower→Upper, letter↔digit, HTTPServer's S. */
const partStartsHere = (a: string, b: string, next: string) => (a === 'L' && b === 'U') || (a === 'N') !== (b === 'N') || (a === 'U' && b === 'U' && next === 'L');

/** Where the parts of an identifier start: 0, lower→Upper, letter↔digit, and HTTPServer's S. */
export function partStarts(w: ArrayLike<string>): number[] {
  const out = [0];
  // each character's kind is worked out once (a sliding window of three)
  let a: string = w.length > 0 ? kind(w[0]) : '';
  let b: string = w.length > 1 ? kind(w[1]) : '';
  for (let i = 1; i < w.length; i++) {
    const next = i + 1 < w.length ? kind(w[i + 1]) : '';
    if (partStartsHere(a, b, next)) out.push(i);
    a = b;
    b = next;
  }
  return out;
}

/** joins a word pair in one token (never part of a word) */
const PAIR = '+';
/** Two words count as a pair (indexed together, for phrases) when only this separates them (keywordQuery's test). */
const PAIR_GAP = /^[^\n\p{L}\p{N}]{1,8}$/u;

/** A word's lower-cased parts, whole word first (at most MAX_WORD characters). */
function wordParts(word: string, ascii: boolean): string[] {
  if (ascii) {
    // one character per code unit, and lower-casing keeps lengths: slice the string itself
    const w = word.length > MAX_WORD ? word.slice(0, MAX_WORD) : word;
    const lower = w.toLowerCase();
    const parts = [lower];
    // partStarts on character codes (most words are one part: no list of starts is built)
    let a: string = asciiKind(w.charCodeAt(0));
    let b: string = w.length > 1 ? asciiKind(w.charCodeAt(1)) : '';
    for (let i = 1; i < w.length; i++) {
      const next = i + 1 < w.length ? asciiKind(w.charCodeAt(i + 1)) : '';
      if (partStartsHere(a, b, next)) parts.push(lower.slice(i));
      a = b;
      b = next;
    }
    return parts;
  }
  const w = Array.from(word).slice(0, MAX_WORD);
  return partStarts(w).map((i) => w.slice(i).join('').toLowerCase());
}

/** Character classes of the index: CJK (indexed by characters and pairs), other letters and digits (words), the rest. */
const OTHER = 1;
const CJK_CHAR = 2;
const WORD_CHAR = 3;
const CJK_TEST = new RegExp(`^[${CJK}]$`, 'u');
const WORD_TEST = /^[\p{L}\p{N}]$/u;
/** classes of the Basic Multilingual Plane, learnt from the regular expressions on first sight (0: not yet) */
const bmpClass = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) bmpClass[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? WORD_CHAR : OTHER;

function classify(cp: number): number {
  const ch = String.fromCodePoint(cp);
  return CJK_TEST.test(ch) ? CJK_CHAR : WORD_TEST.test(ch) ? WORD_CHAR : OTHER;
}
const classOf = (cp: number) => (cp < 0x10000 ? bmpClass[cp] || (bmpClass[cp] = classify(cp)) : classify(cp));

/** the code point at i (a surrogate pair as one) */
function codePointAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const lo = text.charCodeAt(i + 1);
    if (lo >= 0xdc00 && lo <= 0xdfff) return ((c - 0xd800) << 10) + (lo - 0xdc00) + 0x10000;
  }
  return c;
}
const utf8Size = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/**
 * Whether the text between two words makes them a pair: one to eight characters, no line break.
 * Only characters of neither class lie between two neighbouring words, so that is all PAIR_GAP asks.
 */
function pairGap(text: string, from: number, to: number): boolean {
  let chars = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 10) return false;
    // the low half of a surrogate pair is not a character of its own
    const lowOfPair = c >= 0xdc00 && c <= 0xdfff && k > from && text.charCodeAt(k - 1) >= 0xd800 && text.charCodeAt(k - 1) <= 0xdbff;
    if (!lowOfPair) chars++;
  }
  return chars >= 1 && chars <= 8;
}

/**
 * Distinct index tokens of a text, in one pass over its characters (every save tokenises its page:
 * this is what the PIECES expression finds, without building a match per piece).
 */
export function indexTokens(text: string): string[] {
  const out = new Set<string>();
  let bytes = 0;
  /** size: the token's UTF-8 size */
  const add = (t: string, size: number) => {
    // one lookup: the set grows only when the token is new
    const before = out.size;
    if (out.add(t).size !== before) bytes += size + 8;
  };
  /** the previous word's parts (lower-cased) and where it ended, for word pairs */
  let prev: { parts: string[]; end: number; ascii: boolean } | null = null;
  const len = text.length;
  let i = 0;
  while (i < len) {
    const first = codePointAt(text, i);
    const cls = classOf(first);
    if (cls === OTHER) {
      i += first > 0xffff ? 2 : 1;
      continue;
    }
    if (bytes >= MAX_BYTES) break;
    const start = i;
    if (cls === CJK_CHAR) {
      // every character, and every pair of neighbours: c0, c0c1, c1, c1c2, c2…
      prev = null;
      let before = '';
      let beforeSize = 0;
      while (i < len) {
        const cp = codePointAt(text, i);
        if (classOf(cp) !== CJK_CHAR) break;
        const width = cp > 0xffff ? 2 : 1;
        const ch = width === 1 ? text[i] : text.slice(i, i + 2);
        const size = utf8Size(cp);
        if (before) add(before + ch, beforeSize + size);
        add(ch, size);
        before = ch;
        beforeSize = size;
        i += width;
      }
      continue;
    }
    let ascii = true;
    while (i < len) {
      const c = text.charCodeAt(i);
      if (c < 128) {
        if (bmpClass[c] !== WORD_CHAR) break;
        i++;
        continue;
      }
      const cp = codePointAt(text, i);
      if (classOf(cp) !== WORD_CHAR) break;
      ascii = false;
      i += cp > 0xffff ? 2 : 1;
    }
    const parts = wordParts(text.slice(start, i), ascii);
    for (const p of parts) add(p, ascii ? p.length : Buffer.byteLength(p));
    if (prev && start - prev.end <= 16 && pairGap(text, prev.end, start)) {
      const both = ascii && prev.ascii;
      for (const p of prev.parts) {
        const pair = p + PAIR + parts[0];
        add(pair, both ? pair.length : Buffer.byteLength(pair));
      }
    }
    prev = { parts, end: i, ascii };
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
