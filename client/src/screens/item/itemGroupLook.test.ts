import { describe, expect, it } from 'vitest';
import { groupChanges, tabAfter, ALL_ITEMS, STARRED } from './itemGroupLook';

const stored = [
  { id: 1, name: 'Backend', itemIds: [10, 11], sNumber: 0 },
  { id: 2, name: 'Docs', itemIds: [], sNumber: 1 },
];

describe('groupChanges', () => {
  it('saves nothing when the rows are the stored groups', () => {
    const drafts = stored.map((g) => ({ key: `g${g.id}`, id: g.id, name: g.name, itemIds: g.itemIds }));
    expect(groupChanges(stored, drafts)).toEqual({ save: [], remove: [], reordered: false });
  });

  it('saves renamed, re-filled and new groups, removes dropped ones, and tells a new order', () => {
    const drafts = [
      { key: 'g2', id: 2, name: 'Docs', itemIds: [12] },
      { key: 'n1', name: 'New', itemIds: [] },
    ];
    const c = groupChanges(stored, drafts);
    expect(c.save.map((d) => d.key)).toEqual(['g2', 'n1']);
    expect(c.remove).toEqual([1]);
    expect(c.reordered).toBe(true);
    expect(groupChanges(stored, [...stored].reverse().map((g) => ({ key: `g${g.id}`, ...g }))).reordered).toBe(true);
    expect(groupChanges(stored, [{ key: 'g1', id: 1, name: ' Backend ', itemIds: [10, 11] }]).save).toEqual([]);
  });
});

describe('tabAfter', () => {
  it('keeps the fixed tabs and existing groups, else goes back to all items', () => {
    expect(tabAfter(STARRED, [])).toBe(STARRED);
    expect(tabAfter(2, stored)).toBe(2);
    expect(tabAfter(3, stored)).toBe(ALL_ITEMS);
  });
});
