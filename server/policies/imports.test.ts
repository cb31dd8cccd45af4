import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow } from './itemAccess';
import { canFollowImport, canImportInto, canImportNewItem } from './imports';

const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: 1, password: '', isArchived: 0, itemType: 1, isDel: 0, itemDomain: '', ...over }) as ItemRow;
const grant = (memberGroupId: number, catIds = ''): Grant => ({ source: 'member', memberGroupId, catId: 0, catIds });
const viewer = { uid: 2, isAdmin: false };
const as = (grants: Grant[], over: Partial<ItemRow> = {}, who: { uid: number; isAdmin: boolean } | null = viewer) =>
  decideItemAccess(item(over), who, who ? grants : [], { passwordProven: false });
const root = { topCatId: 0 };
const in7 = { topCatId: 7 };
const in8 = { topCatId: 8 };

describe('policies/imports', () => {
  it('a new item from a file: any logged-in user, never an anonymous one', () => {
    expect(canImportNewItem(viewer)).toBe(true);
    expect(canImportNewItem({ uid: 5, isAdmin: true })).toBe(true);
    expect(canImportNewItem(null)).toBe(false);
  });

  it('into an existing item: its editors, at the root and in any catalog', () => {
    const owner = as([], {}, { uid: 1, isAdmin: false });
    for (const a of [owner, as([grant(1)]), as([grant(2)]), as([], {}, { uid: 9, isAdmin: true })]) {
      expect(canImportInto(a, root)).toBe(true);
      expect(canImportInto(a, in8)).toBe(true);
    }
  });

  it('refused: readers, strangers, archived and read-only items', () => {
    expect(canImportInto(as([grant(0)]), root)).toBe(false);
    expect(canImportInto(as([]), in7)).toBe(false);
    expect(canImportInto(as([], { password: 'hash' }), root)).toBe(false);
    expect(canImportInto(as([grant(1)], { isArchived: 1 }), root)).toBe(false);
    expect(canImportInto(as([grant(1)], { itemType: 3 }), root)).toBe(false);
    expect(canImportInto(as([], {}, null), root)).toBe(false);
  });

  it('a member limited to catalog 7: into 7 (and below it) only, never at the root', () => {
    const limited = as([grant(1, '7')]);
    expect(canImportInto(limited, in7)).toBe(true);
    expect(canImportInto(limited, in8)).toBe(false);
    expect(canImportInto(limited, root)).toBe(false);
  });

  it('an import is followed by the user who started it only', () => {
    expect(canFollowImport(viewer, { uid: 2 })).toBe(true);
    expect(canFollowImport(viewer, { uid: 3 })).toBe(false);
    expect(canFollowImport({ uid: 3, isAdmin: true }, { uid: 2 })).toBe(false);
    expect(canFollowImport(null, { uid: 2 })).toBe(false);
  });
});
