import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow } from './itemAccess';
import { canEditPage, canReadPage, withinCatalogLimit } from './pages';

const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: 1, password: '', isArchived: 0, itemType: 1, isDel: 0, ...over }) as ItemRow;
const grant = (memberGroupId: number, catIds = ''): Grant => ({ source: 'member', memberGroupId, catId: 0, catIds });
const viewer = { uid: 2, isAdmin: false };

describe('policies/pages', () => {
  it('a member limited to catalog 7 reads and edits inside it only, never root pages', () => {
    const a = decideItemAccess(item(), viewer, [grant(1, '7')], { passwordProven: false });
    expect([canReadPage(a, { topCatId: 7 }), canReadPage(a, { topCatId: 8 }), canReadPage(a, { topCatId: 0 })]).toEqual([true, false, false]);
    expect([canEditPage(a, { topCatId: 7 }), canEditPage(a, { topCatId: 8 })]).toEqual([true, false]);
  });

  it('a read-only member reads and may not edit; a stranger reads a public item only', () => {
    const ro = decideItemAccess(item(), viewer, [grant(0)], { passwordProven: false });
    expect([canReadPage(ro, { topCatId: 0 }), canEditPage(ro, { topCatId: 0 })]).toEqual([true, false]);
    const stranger = decideItemAccess(item(), viewer, [], { passwordProven: false });
    expect([canReadPage(stranger, { topCatId: 3 }), canEditPage(stranger, { topCatId: 3 })]).toEqual([true, false]);
    const privateItem = decideItemAccess(item({ password: 'hash' }), viewer, [], { passwordProven: false });
    expect(canReadPage(privateItem, { topCatId: 0 })).toBe(false);
  });

  it('archived items are read-only for everyone, the owner included', () => {
    const owner = decideItemAccess(item({ isArchived: 1 }), { uid: 1, isAdmin: false }, [], { passwordProven: false });
    expect([canReadPage(owner, { topCatId: 0 }), canEditPage(owner, { topCatId: 0 })]).toEqual([true, false]);
  });

  it('managers are never limited', () => {
    const m = decideItemAccess(item(), viewer, [grant(2, '7')], { passwordProven: false });
    expect(withinCatalogLimit(m, { topCatId: 8 })).toBe(true);
  });
});
