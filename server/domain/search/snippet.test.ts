// The snippet of a hit: 100 characters (code points) either side of the keyword's first place,
// in any case; the page's start when only the title matched.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { keywordAt, SNIPPET_HEAD, SNIPPET_WHOLE_BYTES, snippetOf, snippetOfHead } from './snippet';

describe('keywordAt', () => {
  it('finds the first place in any case', () => {
    expect(keywordAt('a Deploy b deploy', 'Deploy')).toBe(2);
    expect(keywordAt('a DEPLOY b Deploy', 'Deploy')).toBe(2);
    expect(keywordAt('a DEPLOY b deploy', 'deploy')).toBe(2);
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

describe('snippets kept in the search cache', () => {
  it('do not keep their pages in memory', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    // 1,000 pages of 100 KB: kept by their snippets they would hold 100 MB
    const kept = Array.from({ length: 1000 }, (_, i) => snippetOf(`page ${i} `.repeat(10_000) + ' key ', 'key'));
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 1024 * 1024);
    expect(kept[999]).toContain('key');
  });
});

describe('snippetOfHead', () => {
  // what the search reads of a page over SNIPPET_WHOLE_BYTES: its first SNIPPET_HEAD + 1 characters
  const headOf = (content: string) => {
    expect(Buffer.byteLength(content)).toBeGreaterThan(SNIPPET_WHOLE_BYTES);
    return [...content].slice(0, SNIPPET_HEAD + 1).join('');
  };
  const long = 'y'.repeat(SNIPPET_WHOLE_BYTES);
  const pages = [
    'x'.repeat(50) + ' Deploy ' + long,
    'x'.repeat(SNIPPET_HEAD - 50) + ' DEPLOY ' + long, // the snippet runs past the head
    'x'.repeat(SNIPPET_HEAD + 200) + ' deploy ' + long, // beyond the head
    'x'.repeat(SNIPPET_HEAD - 3) + 'deploy' + long, // cut in the middle of the keyword
    'z'.repeat(SNIPPET_WHOLE_BYTES + 1), // only the title matched
    'x'.repeat(SNIPPET_HEAD - 150) + ' DEPLOY ' + long, // ends just inside the head
    '😀'.repeat(SNIPPET_HEAD - 60) + 'deploy' + '🙂'.repeat(500),
    '😀'.repeat(SNIPPET_HEAD + 50) + 'deploy',
  ];

  it('gives the snippet of the whole page, or null when only the whole page can tell', () => {
    for (const content of pages) {
      const snippet = snippetOfHead(headOf(content), 'deploy');
      if (snippet !== null) expect(snippet).toBe(snippetOf(content, 'deploy'));
    }
    expect(pages.map((c) => snippetOfHead(headOf(c), 'deploy') !== null)).toEqual([true, false, false, false, false, true, false, false]);
  });
});
