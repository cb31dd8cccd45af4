import { describe, expect, it } from 'vitest';
import type { CatalogRow } from './catalogRow';
import { applyDrop, batUpdatePayload, deepestLevel, descendantIds, flatten, parentChoices, pathNames, projectDrop, subtreeHeight, toNodes } from './tree';

// A (B (C (D)))  E  F (G)
const rows: CatalogRow[] = [
  {
    cat_id: 1,
    cat_name: 'A',
    level: 2,
    sub: [{ cat_id: 2, cat_name: 'B', level: 3, sub: [{ cat_id: 3, cat_name: 'C', level: 4, sub: [] }] }],
  },
  { cat_id: 5, cat_name: 'E', level: 2, sub: [] },
  { cat_id: 6, cat_name: 'F', level: 2, sub: [{ cat_id: 7, cat_name: 'G', level: 3 }] },
];

const flat = () => flatten(toNodes(rows));

describe('catalog tree', () => {
  it('flattens in display order with depth and parent', () => {
    expect(flat().map((f) => [f.id, f.parentId, f.depth])).toEqual([
      ['1', null, 0],
      ['2', '1', 1],
      ['3', '2', 2],
      ['5', null, 0],
      ['6', null, 0],
      ['7', '6', 1],
    ]);
    expect(toNodes(null)).toEqual([]);
  });

  it('knows sub-trees', () => {
    expect([...descendantIds(flat(), '1')].sort()).toEqual(['2', '3']);
    expect(subtreeHeight(flat(), '1')).toBe(2);
    expect(subtreeHeight(flat(), '6')).toBe(1);
    expect(subtreeHeight(flat(), '5')).toBe(0);
  });

  it('gives the unchanged tree as a batUpdate payload with positions 1..n per level', () => {
    expect(batUpdatePayload(toNodes(rows))).toEqual([
      { cat_id: 1, cat_name: 'A', parent_cat_id: 0, level: 2, s_number: 1 },
      { cat_id: 2, cat_name: 'B', parent_cat_id: 1, level: 3, s_number: 1 },
      { cat_id: 3, cat_name: 'C', parent_cat_id: 2, level: 4, s_number: 1 },
      { cat_id: 5, cat_name: 'E', parent_cat_id: 0, level: 2, s_number: 2 },
      { cat_id: 6, cat_name: 'F', parent_cat_id: 0, level: 2, s_number: 3 },
      { cat_id: 7, cat_name: 'G', parent_cat_id: 6, level: 3, s_number: 1 },
    ]);
  });

  it('reorders top catalogs', () => {
    // drag F over A without horizontal offset: F becomes first, keeps G
    const p = projectDrop(flat(), '6', '1', 0)!;
    expect(p).toEqual({ depth: 0, parentId: null });
    const payload = batUpdatePayload(applyDrop(flat(), '6', '1', p));
    expect(payload.filter((c) => c.level === 2).map((c) => [c.cat_id, c.s_number])).toEqual([
      [6, 1],
      [1, 2],
      [5, 3],
    ]);
    expect(payload.find((c) => c.cat_id === 7)).toMatchObject({ parent_cat_id: 6, level: 3 });
  });

  it('re-parents a catalog by dragging it right under a sibling', () => {
    // E dragged in place one step to the right: the row above is C (level 4), so E may go down to
    // level 3 (child of A, after B) or level 4 (child of B, after C) but never below C
    const p = projectDrop(flat(), '5', '5', 1)!;
    expect(p).toEqual({ depth: 1, parentId: '1' });
    const payload = batUpdatePayload(applyDrop(flat(), '5', '5', p));
    expect(payload.find((c) => c.cat_id === 5)).toEqual({ cat_id: 5, cat_name: 'E', parent_cat_id: 1, level: 3, s_number: 2 });
    const deeper = projectDrop(flat(), '5', '5', 2)!;
    expect(deeper).toEqual({ depth: 2, parentId: '2' });
    expect(batUpdatePayload(applyDrop(flat(), '5', '5', deeper)).find((c) => c.cat_id === 5)).toMatchObject({ parent_cat_id: 2, level: 4, s_number: 2 });
  });

  it('never goes deeper than three levels, counting the dragged sub-tree', () => {
    // E far to the right: clamped at level 4
    expect(projectDrop(flat(), '5', '5', 9)).toEqual({ depth: 2, parentId: '2' });
    // F has a child: it can go one level down at most (F at level 3, G at level 4)
    const p = projectDrop(flat(), '6', '6', 5)!;
    expect(p.depth).toBe(1);
    const tree = applyDrop(flat(), '6', '6', p);
    expect(deepestLevel(tree)).toBe(4);
    for (const c of batUpdatePayload(tree)) expect(c.level).toBeLessThanOrEqual(4);
    // A with two levels below cannot be nested at all: dropped after E it stays at the top
    expect(projectDrop(flat(), '1', '5', 3)).toEqual({ depth: 0, parentId: null });
  });

  it('refuses a place where the dragged sub-tree cannot fit', () => {
    // A (height 2) dropped between B-C chain and a depth-2 row: the next row forces depth ≥ 1 but A only fits at 0
    const f = flatten(
      toNodes([
        { cat_id: 10, cat_name: 'X', sub: [{ cat_id: 11, cat_name: 'Y', sub: [{ cat_id: 12, cat_name: 'Z' }] }] },
        { cat_id: 20, cat_name: 'P', sub: [{ cat_id: 21, cat_name: 'Q', sub: [{ cat_id: 22, cat_name: 'R' }] }] },
      ]),
    );
    // drag P over Y: the rows around the new place are X (0) above and Z (2) below → no depth fits a 3-level sub-tree
    expect(projectDrop(f, '20', '11', 0)).toBeNull();
  });

  it('moves a nested catalog back to the top', () => {
    const p = projectDrop(flat(), '7', '7', -1)!;
    expect(p).toEqual({ depth: 0, parentId: null });
    const payload = batUpdatePayload(applyDrop(flat(), '7', '7', p));
    expect(payload.find((c) => c.cat_id === 7)).toEqual({ cat_id: 7, cat_name: 'G', parent_cat_id: 0, level: 2, s_number: 4 });
  });

  it('offers only parents that keep the sub-tree within three levels', () => {
    const ids = (list: { id: string }[]) => list.map((f) => f.id);
    expect(ids(parentChoices(flat()))).toEqual(['1', '2', '5', '6', '7']);
    expect(ids(parentChoices(flat(), '6'))).toEqual(['1', '5']);
    expect(ids(parentChoices(flat(), '1'))).toEqual([]);
    expect(ids(parentChoices(flat(), '2'))).toEqual(['1', '5', '6']);
  });

  it('names catalogs by path', () => {
    expect(pathNames(flat()).get('3')).toBe('A / B / C');
    expect(pathNames(flat()).get('7')).toBe('F / G');
  });
});
