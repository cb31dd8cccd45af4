import { describe, expect, it } from 'vitest';
import { indexTokens, keywordQuery, partStarts } from './tokens';

describe('search tokens', () => {
  it('indexes words whole and by identifier parts, CJK by characters and pairs', () => {
    const t = indexTokens('getUserInfo HTTPServer2 snake_case 数据库');
    expect(t).toEqual(expect.arrayContaining(['getuserinfo', 'userinfo', 'info', 'httpserver2', 'server2', 'snake', 'case', '数', '数据', '据库', '库']));
    expect(t).not.toContain('serinfo');
    expect(partStarts(Array.from('parseJSONValue42'))).toEqual([0, 5, 9, 14]);
  });

  it('indexes neighbouring words as pairs (phrases), with every part of the first', () => {
    const t = indexTokens('call getUserInfo, then retry\nlater');
    expect(t).toEqual(expect.arrayContaining(['call+getuserinfo', 'getuserinfo+then', 'userinfo+then', 'info+then', 'then+retry']));
    expect(t).not.toContain('retry+later');
  });

  it('never splits CJK into a Latin word and caps long words', () => {
    expect(indexTokens('API接口')).toEqual(['api', '接', '接口', '口']);
    expect(Math.max(...indexTokens('x'.repeat(500)).map((s) => s.length))).toBe(40);
  });

  it('builds exact queries for one word or one/two CJK characters only', () => {
    expect(keywordQuery('UserInfo')).toEqual({ tsquery: "'userinfo':*", exact: true });
    expect(keywordQuery('网')).toEqual({ tsquery: "'网'", exact: true });
    expect(keywordQuery('接口')).toEqual({ tsquery: "'接口'", exact: true });
    expect(keywordQuery('数据库')).toEqual({ tsquery: "'数据' & '据库'", exact: false });
    expect(keywordQuery('a-b')).toEqual({ tsquery: "'a+b':*", exact: false });
    expect(keywordQuery('timeout retry now')).toEqual({ tsquery: "'timeout+retry' & 'retry+now':*", exact: false });
    expect(keywordQuery('a      -      b')).toEqual({ tsquery: "'a':* & 'b':*", exact: false });
    expect(keywordQuery(' deploy')).toMatchObject({ exact: false });
    expect(keywordQuery('->')).toBeNull();
    expect(keywordQuery("it's")?.tsquery).toBe("'it+s':*");
  });
});

// The tokeniser as first written, one regular expression match per piece: the one-pass scanner
// (indexTokens) must give exactly its tokens, in its order, on any text.
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const PIECES = new RegExp(`([${CJK}]+)|((?:(?![${CJK}])[\\p{L}\\p{N}])+)`, 'gu');
const PAIR_GAP = /^[^\n\p{L}\p{N}]{1,8}$/u;
function referenceTokens(text: string): string[] {
  const out = new Set<string>();
  let bytes = 0;
  const add = (t: string) => {
    if (out.has(t)) return;
    out.add(t);
    bytes += Buffer.byteLength(t) + 8;
  };
  const parts = (word: string) => {
    const w = Array.from(word).slice(0, 40);
    return partStarts(w).map((i) => w.slice(i).join('').toLowerCase());
  };
  let prev: { parts: string[]; end: number } | null = null;
  for (const m of text.matchAll(PIECES)) {
    if (bytes >= 600_000) break;
    if (m[1]) {
      prev = null;
      const chars = Array.from(m[1]);
      chars.forEach((c, i) => {
        add(c);
        if (i + 1 < chars.length) add(c + chars[i + 1]);
      });
    } else {
      const p = parts(m[2]);
      p.forEach(add);
      const gap = prev ? m.index - prev.end : 0;
      if (prev && gap >= 1 && gap <= 16 && PAIR_GAP.test(text.slice(prev.end, m.index))) for (const q of prev.parts) add(`${q}+${p[0]}`);
      prev = { parts: p, end: m.index + m[0].length };
    }
  }
  return [...out];
}

describe('the one-pass tokeniser', () => {
  // letters, digits and marks of many scripts, CJK and its symbols, astral characters, lone surrogates
  const ALPHABET = [
    ...'aZq09 _-.,;:/\\\n\t()+=#`\'"',
    ...'ÄöÉßĲǅΣσДжЖ٣४',
    ...'数据库接口网关々〇⺀あカ한글',
    '\u0301', '😀', '𠀋', '𝐀', '\ud800', '\udc00', '\u00a0', '\u3000',
  ];
  const seeded = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  it("gives the first tokeniser's tokens in its order on random text of many scripts", () => {
    const r = seeded(7);
    for (let n = 0; n < 3000; n++) {
      const length = Math.floor(r() * 80);
      let text = '';
      for (let k = 0; k < length; k++) text += ALPHABET[Math.floor(r() * ALPHABET.length)].repeat(r() < 0.2 ? 1 + Math.floor(r() * 12) : 1);
      expect(indexTokens(text), JSON.stringify(text)).toEqual(referenceTokens(text));
    }
  });

  it('pairs words across one to eight characters that are not a line break', () => {
    for (const gap of [' ', '-'.repeat(8), '-'.repeat(9), '😀'.repeat(8), '😀'.repeat(9), ' \n ', '\u0301'.repeat(8)]) {
      const text = `alpha${gap}beta`;
      expect(indexTokens(text), JSON.stringify(gap)).toEqual(referenceTokens(text));
    }
    expect(indexTokens('alpha--------beta')).toContain('alpha+beta');
    expect(indexTokens('alpha---------beta')).not.toContain('alpha+beta');
  });

  it('stops at the same place on a page past the size limit', () => {
    const words = Array.from({ length: 40_000 }, (_, i) => `w${i.toString(36)}x 数${String.fromCharCode(0x4e00 + (i % 20000))}`).join(' ');
    const ours = indexTokens(words);
    expect(ours).toEqual(referenceTokens(words));
    expect(ours.length).toBeLessThan(40_000 * 5);
  });
});
