import { describe, expect, it } from 'vitest';
import { catalogOptions } from './catalogOptions';

describe('catalogOptions', () => {
  it('lists every catalog, parents first, with nested names joined by " / "', () => {
    const rows = [
      { cat_id: 1, cat_name: 'Guide', sub: [{ cat_id: 3, cat_name: 'Advanced', sub: [{ cat_id: 4, cat_name: '内部', sub: [] }] }] },
      { cat_id: 2, cat_name: 'API' },
    ];
    expect(catalogOptions(rows)).toEqual([
      { value: '1', label: 'Guide' },
      { value: '3', label: 'Guide / Advanced' },
      { value: '4', label: 'Guide / Advanced / 内部' },
      { value: '2', label: 'API' },
    ]);
    expect(catalogOptions(undefined)).toEqual([]);
  });
});
