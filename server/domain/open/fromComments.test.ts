// Comment-tag parsing edge cases, as ShowDoc's FromCommentsController reads them.
import { describe, expect, it } from 'vitest';
import { apiBlocks, commentPages, multiLine, oneLine } from './fromComments';
import { buildDictionary } from './dbDictionary';
import { parseCatalogPath } from './catalogPath';

describe('fromComments parsing', () => {
  it('reads one-line tags from the first occurrence to the end of its line', () => {
    const b = '/**\n * showdoc\n * @title  Hello world \n * @url /a?x=1\n */';
    expect(oneLine('title', b)).toBe('Hello world');
    expect(oneLine('url', b)).toBe('/a?x=1');
    expect(oneLine('method', b)).toBe('');
  });

  it('splits multi-line tags on whitespace, ignoring the comment stars', () => {
    const b = '/**\n * @param a 必选 string first\n * @param b 可选 int\n * @return_param c int third\n */';
    expect(multiLine('param', b)).toEqual([
      ['a', '必选', 'string', 'first', '*'],
      ['b', '可选', 'int', '*'],
    ]);
    expect(multiLine('return_param', b)).toEqual([['c', 'int', 'third', '*/']]);
  });

  it('keeps only blocks with @title and showdoc, decoding entities and the & placeholder', () => {
    const content = '/** showdoc @title A */ /** @title B */ /** showdoc @title C_this_and_change_D &amp;lt; */';
    expect(apiBlocks(content)).toEqual(['/** showdoc @title A */', '/** showdoc @title C&D &lt; */']);
  });

  it('GET parameters extend a URL that already has a query, then the Markdown cuts it off', () => {
    const [p] = commentPages('/**\n * showdoc\n * @title T\n * @method GET\n * @url /x?y=1\n * @param q 必选 string word\n * @number 0\n */');
    expect(p.sNumber).toBe(99);
    expect(p.markdown).toContain(' - `/x` ');
    expect(p.markdown).toContain('|q|  |  是 |  string |  word | \n');
  });

  it('a non-JSON @return is shown as written', () => {
    const [p] = commentPages('/**\n * showdoc\n * @title T\n * @url /x\n * @return ok: done\n */');
    expect(p.markdown).toContain('```\nok: done\n\n```');
  });
});

describe('data dictionary and catalog paths', () => {
  it('keeps table order (numeric names too) and fills missing comments with 无', () => {
    const pages = buildDictionary('TABLE_NAME\tTABLE_COMMENT\n20\tt20\n3\tt3', 'h\n3\tid\t\tNO\tint\t\n20\tid\t\tNO\tint\tkey');
    expect(pages.map((p) => p.title)).toEqual(['20', '3']);
    expect(pages[1].markdown).toContain('|id |int |NO |  | 无  | \n ');
  });

  it('catalog paths: optional leading slash, at most three levels', () => {
    expect(parseCatalogPath('/a/ b /c\n')).toEqual(['a', 'b', 'c']);
    expect(parseCatalogPath('')).toEqual([]);
    expect(() => parseCatalogPath('a/b/c/d')).toThrow(/deeper than {max} levels/);
  });
});
