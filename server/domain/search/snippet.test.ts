// The snippet of a hit: 100 characters (code points) either side of the keyword's first place,
// in any case; the page's start when only the title matched.
import { describe, expect, it } from 'vitest';
import { keywordAt, snippetOf } from './snippet';

describe('keywordAt', () => {
  it('takes the keyword as typed first, then lower-cased, then in any case', () => {
    expect(keywordAt('a Deploy b deploy', 'Deploy')).toBe(2);
    expect(keywordAt('a DEPLOY b deploy', 'Deploy')).toBe(11);
    expect(keywordAt('a DEPLOY b', 'dEpLoY')).toBe(2);
    expect(keywordAt('Привет МИР', 'мир')).toBe(7);
    expect(keywordAt('没有这个词', '数据库')).toBe(-1);
    expect(keywordAt('only in the title', 'deploy')).toBe(-1);
  });

  it('finds the place in the page itself when lower-casing changes its length', () => {
    // 'İ' lower-cases to two code units: positions in the folded text would be off by one
    const text = 'İstanbul then Deploy';
    expect(keywordAt(text, 'DEPLOY')).toBe(text.indexOf('Deploy'));
  });
});

describe('snippetOf', () => {
  it('cuts 100 characters either side of the keyword', () => {
    const content = 'a'.repeat(300) + 'KEY' + 'b'.repeat(300);
    expect(snippetOf(content, 'key')).toBe('a'.repeat(100) + 'KEY' + 'b'.repeat(100));
  });

  it('near the start keeps the whole length after it; only the title matched: the first 200', () => {
    expect(snippetOf('xx key ' + 'c'.repeat(400), 'key')).toBe('xx key ' + 'c'.repeat(196));
    expect(snippetOf('d'.repeat(500), 'title word')).toBe('d'.repeat(200));
    expect(snippetOf('short', 'title word')).toBe('short');
  });

  it('counts characters as the database does, never splitting one in two', () => {
    const content = '😀'.repeat(150) + '关键' + '🙂'.repeat(150);
    const snippet = snippetOf(content, '关键');
    expect([...snippet]).toHaveLength(2 + 200);
    expect(snippet).toBe('😀'.repeat(100) + '关键' + '🙂'.repeat(100));
  });
});
