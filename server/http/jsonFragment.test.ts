import { describe, expect, it } from 'vitest';
import { jsonFragment, stringifyWithFragments } from './jsonFragment';

describe('JSON fragments', () => {
  it('splice pre-serialised JSON where they stand, anywhere in the tree', () => {
    const menu = { pages: [{ page_id: 1, page_title: 'A "quoted" <title>' }], catalogs: [] };
    const out = stringifyWithFragments({ error_code: 0, data: { item_id: 5, menu: jsonFragment(menu), list: [jsonFragment([1, 2])] } });
    expect(JSON.parse(out.toString())).toEqual({ error_code: 0, data: { item_id: 5, menu, list: [[1, 2]] } });
  });

  it('leave text that looks like a placeholder alone', () => {
    const value = { title: '\u0000abc:0', n: '"\\u0000"' };
    expect(stringifyWithFragments(value)).toBe(JSON.stringify(value));
  });
});
