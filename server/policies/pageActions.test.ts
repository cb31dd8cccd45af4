import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow } from './itemAccess';
import {
  canAnnotateHistory,
  canDeletePage,
  canEditMock,
  canReadHistory,
  canSharePage,
  canSortPages,
  canWritePageInto,
  searchableCatalogs,
  sentItemIsPageItem,
} from './pageActions';

const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: 1, password: '', isArchived: 0, itemType: 1, isDel: 0, itemDomain: '', ...over }) as ItemRow;
const grant = (memberGroupId: number, catIds = ''): Grant => ({ source: 'member', memberGroupId, catId: 0, catIds });
const viewer = { uid: 2, isAdmin: false };
const as = (grants: Grant[], over: Partial<ItemRow> = {}, who: { uid: number; isAdmin: boolean } | null = viewer) =>
  decideItemAccess(item(over), who, who ? grants : [], { passwordProven: false });

const editor = as([grant(1)]);
const limitedEditor = as([grant(1, '7')]);
const reader = as([grant(0)]);
const manager = as([grant(2)]);
const root = { topCatId: 0 };
const in7 = { topCatId: 7 };
const in8 = { topCatId: 8 };

describe('policies/pageActions', () => {
  it('an item_id next to a page_id: none, the id or the domain of the page item pass; another item does not', () => {
    const it1 = { itemId: 1, itemDomain: 'docs' };
    expect(['', '0', '1', 'docs'].map((s) => sentItemIsPageItem(s, it1))).toEqual([true, true, true, true]);
    expect(['2', 'other', '01'].map((s) => sentItemIsPageItem(s, it1))).toEqual([false, false, false]);
    expect(sentItemIsPageItem('', { itemId: 1, itemDomain: '' })).toBe(true);
  });

  it('deleting: managers any page, editors their own pages only; readers and strangers never', () => {
    expect(canDeletePage(manager, root, { authorUid: 9 })).toBe(true);
    expect(canDeletePage(editor, root, { authorUid: 2 })).toBe(true);
    expect(canDeletePage(editor, root, { authorUid: 9 })).toBe(false);
    expect(canDeletePage(reader, root, { authorUid: 2 })).toBe(false);
    expect(canDeletePage(as([], {}, null), root, { authorUid: 0 })).toBe(false);
    // an author outside their catalogs, or in an archived item, may not delete
    expect(canDeletePage(limitedEditor, in8, { authorUid: 2 })).toBe(false);
    expect(canDeletePage(limitedEditor, in7, { authorUid: 2 })).toBe(true);
    expect(canDeletePage(as([], { isArchived: 1 }, { uid: 1, isAdmin: false }), root, { authorUid: 1 })).toBe(false);
  });

  it('sorting: editors, with every page inside their catalogs', () => {
    expect(canSortPages(editor, [root, in8])).toBe(true);
    expect(canSortPages(limitedEditor, [in7, in7])).toBe(true);
    expect(canSortPages(limitedEditor, [in7, in8])).toBe(false);
    expect(canSortPages(limitedEditor, [root])).toBe(false);
    expect(canSortPages(reader, [root])).toBe(false);
  });

  it('writing into a catalog: inside the limit only, root included for unlimited editors', () => {
    expect(canWritePageInto(editor, root)).toBe(true);
    expect(canWritePageInto(limitedEditor, in7)).toBe(true);
    expect(canWritePageInto(limitedEditor, in8)).toBe(false);
    expect(canWritePageInto(limitedEditor, root)).toBe(false);
    expect(canWritePageInto(reader, root)).toBe(false);
  });

  it('history: readers of the page read it, editors annotate it; outside the limit neither', () => {
    expect([canReadHistory(reader, root), canAnnotateHistory(reader, root)]).toEqual([true, false]);
    expect([canReadHistory(editor, root), canAnnotateHistory(editor, root)]).toEqual([true, true]);
    const limitedReader = as([grant(0, '7')]);
    expect([canReadHistory(limitedReader, in7), canReadHistory(limitedReader, in8)]).toEqual([true, false]);
    expect(canAnnotateHistory(limitedEditor, in8)).toBe(false);
    expect(canReadHistory(as([], { password: 'hash' }), root)).toBe(false);
  });

  it('share links and mocks: the page editors only', () => {
    expect([canSharePage(editor, root), canEditMock(editor, root)]).toEqual([true, true]);
    expect([canSharePage(reader, root), canEditMock(reader, root)]).toEqual([false, false]);
    expect([canSharePage(limitedEditor, in8), canEditMock(limitedEditor, in8)]).toEqual([false, false]);
    const archivedOwner = as([], { isArchived: 1 }, { uid: 1, isAdmin: false });
    expect([canSharePage(archivedOwner, root), canEditMock(archivedOwner, root)]).toEqual([false, false]);
  });

  it('search scope: no limit for unlimited viewers; the trees of existing top catalogs otherwise', () => {
    const tree = [
      { catId: 7, parent: 0 },
      { catId: 8, parent: 0 },
      { catId: 70, parent: 7 },
      { catId: 700, parent: 70 },
      { catId: 80, parent: 8 },
    ];
    expect(searchableCatalogs(editor, tree)).toBeNull();
    expect(searchableCatalogs(manager, tree)).toBeNull();
    expect(searchableCatalogs(limitedEditor, tree)?.sort((a, b) => a - b)).toEqual([7, 70, 700]);
    // a catalog of the limit that no longer exists opens nothing
    expect(searchableCatalogs(as([grant(0, '9')]), tree)).toEqual([]);
  });
});
