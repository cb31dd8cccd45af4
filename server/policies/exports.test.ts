import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow } from './itemAccess';
import { canExportFile, canExportItem, canExportPage, type FilePlaces } from './exports';

const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: 1, password: '', isArchived: 0, itemType: 1, isDel: 0, ...over }) as ItemRow;
const grant = (memberGroupId: number, catIds = ''): Grant => ({ source: 'member', memberGroupId, catId: 0, catIds });
const viewer = { uid: 2, isAdmin: false };
const access = (grants: Grant[], over: Partial<ItemRow> = {}, who = viewer) => decideItemAccess(item(over), who, grants, { passwordProven: false });
const file = (over: Partial<FilePlaces> = {}): FilePlaces => ({ uploaderUid: 9, uploadedTo: 1, boundHere: [], boundElsewhere: false, ...over });

describe('policies/exports', () => {
  it('exporting is the item editor\'s right: owner, editors, managers, administrators', () => {
    expect(canExportItem(decideItemAccess(item(), { uid: 1, isAdmin: false }, [], { passwordProven: false }))).toBe(true);
    expect(canExportItem(access([grant(1)]))).toBe(true);
    expect(canExportItem(access([grant(2)]))).toBe(true);
    expect(canExportItem(decideItemAccess(item(), { uid: 5, isAdmin: true }, [], { passwordProven: false }))).toBe(true);
  });

  it('read-only members, strangers and anonymous visitors may not export, even a public item', () => {
    expect(canExportItem(access([grant(0)]))).toBe(false);
    expect(canExportItem(access([]))).toBe(false);
    expect(canExportItem(decideItemAccess(item(), null, [], { passwordProven: false }))).toBe(false);
    // the item password opens reading, not exporting
    expect(canExportItem(decideItemAccess(item({ password: 'hash' }), viewer, [], { passwordProven: true }))).toBe(false);
  });

  it('archived and read-only-display items report no editor rights (ItemPermn), so nobody exports them', () => {
    expect(canExportItem(decideItemAccess(item({ isArchived: 1 }), { uid: 1, isAdmin: false }, [], { passwordProven: false }))).toBe(false);
    expect(canExportItem(decideItemAccess(item({ itemType: 3 }), { uid: 1, isAdmin: false }, [], { passwordProven: false }))).toBe(false);
  });

  it('a member limited to catalog 7 exports pages under 7 only, never root pages; others export everything', () => {
    const limited = access([grant(1, '7')]);
    expect([canExportPage(limited, { topCatId: 7 }), canExportPage(limited, { topCatId: 8 }), canExportPage(limited, { topCatId: 0 })]).toEqual([true, false, false]);
    const editor = access([grant(1)]);
    expect([canExportPage(editor, { topCatId: 8 }), canExportPage(editor, { topCatId: 0 })]).toEqual([true, true]);
    expect(canExportPage(access([grant(0)]), { topCatId: 0 })).toBe(false);
  });

  it('files: bound to a page the exporter reads, their own uploads, or an administrator', () => {
    const limited = access([grant(1, '7')]);
    expect(canExportFile(limited, file({ boundHere: [{ topCatId: 7 }] }))).toBe(true);
    expect(canExportFile(limited, file({ boundHere: [{ topCatId: 8 }] }))).toBe(false);
    expect(canExportFile(limited, file({ boundHere: [{ topCatId: 8 }], uploaderUid: viewer.uid }))).toBe(true);
    expect(canExportFile(decideItemAccess(item(), { uid: 5, isAdmin: true }, [], { passwordProven: false }), file({ uploadedTo: 3 }))).toBe(true);
    expect(canExportFile(access([grant(0)]), file({ boundHere: [{ topCatId: 0 }] }))).toBe(false);
  });

  it('files: an orphan or another item\'s file is never copied; the item\'s own file bound elsewhere goes to unlimited exporters only', () => {
    const editor = access([grant(1)]);
    expect(canExportFile(editor, file())).toBe(false);
    expect(canExportFile(editor, file({ uploadedTo: 3, boundElsewhere: true }))).toBe(false);
    expect(canExportFile(editor, file({ boundElsewhere: true }))).toBe(true);
    expect(canExportFile(access([grant(1, '7')]), file({ boundElsewhere: true }))).toBe(false);
  });
});
