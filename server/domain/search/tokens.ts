// Search tokens shared by the index (pages.search_vector) and the query. Latin/Cyrillic/… words
// are lower-cased and indexed with every suffix, so a prefix query on them finds any substring
// ("userinfo" inside "getUserInfo"); CJK text is indexed as every character plus every pair of
// neighbouring characters, so a one-character Chinese keyword and longer phrases both hit the
// GIN index. The vector only narrows the candidates; the exact keyword is then checked on the
// text (see search.ts).
import { sql, type SQL } from 'drizzle-orm';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** runs of CJK characters, or runs of other letters/digits */
const PIECES = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+)|([\p{L}\p{N}_]+)/gu;
const MAX_WORD = 40;
/** keeps a tsvector well under PostgreSQL's 1 MB limit even for 2-million-character pages */
const MAX_BYTES = 600_000;

export const isCjk = (ch: string) => CJK.test(ch);

/** Distinct index tokens of a text. */
export function indexTokens(text: string): string[] {
  const out = new Set<string>();
  let bytes = 0;
  const add = (t: string) => {
    if (out.has(t)) return;
    out.add(t);
    bytes += Buffer.byteLength(t) + 8;
  };
  for (const m of text.matchAll(PIECES)) {
    if (bytes >= MAX_BYTES) break;
    if (m[1]) {
      const chars = Array.from(m[1]);
      for (let i = 0; i < chars.length; i++) {
        add(chars[i]);
        if (i + 1 < chars.length) add(chars[i] + chars[i + 1]);
      }
    } else {
      const w = Array.from(m[2].toLowerCase().slice(0, MAX_WORD * 2)).slice(0, MAX_WORD);
      for (let i = 0; i < w.length; i++) add(w.slice(i).join(''));
    }
  }
  return [...out];
}

/** SQL expression for pages.search_vector from a title and content. */
export function searchVectorSql(title: string, content: string): SQL {
  const tokens = indexTokens(`${title}\n${content}`);
  return sql`array_to_tsvector(string_to_array(${tokens.join(' ')}, ' '))`;
}

/**
 * The tsquery text for a keyword (every part must occur: words as prefixes, CJK by characters
 * or pairs), or null when the keyword has no indexable part (only punctuation, e.g. "->").
 */
export function keywordQuery(keyword: string): string | null {
  const parts: string[] = [];
  for (const m of keyword.matchAll(PIECES)) {
    if (m[1]) {
      const chars = Array.from(m[1]);
      if (chars.length === 1) parts.push(`'${chars[0]}'`);
      for (let i = 0; i + 1 < chars.length; i++) parts.push(`'${chars[i]}${chars[i + 1]}'`);
    } else {
      // any indexed suffix starting with the word (a word longer than the indexed part: its start)
      const w = Array.from(m[2].toLowerCase()).slice(0, MAX_WORD).join('');
      parts.push(`'${w}':*`);
    }
  }
  return parts.length ? [...new Set(parts)].join(' & ') : null;
}
