// Stars and the change log (policies/itemLists.ts): each allowed and refused.
import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow, type Viewer } from './itemAccess';
import { canSeeChangeLog, canStarItem, requireMayStar, requireSeeChangeLog } from './itemLists';

const OWNER = 10;
const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: OWNER, password: '', isArchived: 0, itemType: 1, isDel: 0, ...over }) as ItemRow;
const member = (g: number, catIds = ''): Grant => ({ source: 'member', memberGroupId: g, catId: 0, catIds });
const team = (g: number, catIds = ''): Grant => ({ source: 'team', memberGroupId: g, catId: 0, catIds });
const stranger: Viewer = { uid: 20, isAdmin: false };
const owner: Viewer = { uid: OWNER, isAdmin: false };
const admin: Viewer = { uid: 99, isAdmin: true };
const decide = (viewer: Viewer | null, grants: Grant[] = [], over: Partial<ItemRow> = {}) => decideItemAccess(item(over), viewer, grants, { passwordProven: false });

describe('canStarItem', () => {
  it('anyone who may visit the item may star it', () => {
    expect(canStarItem(decide(stranger))).toBe(true);
    expect(canStarItem(decide(stranger, [member(0)], { password: 'hash' }))).toBe(true);
    expect(canStarItem(decide(owner, [], { password: 'hash' }))).toBe(true);
  });

  it('refuses a private item to strangers with 10103, not a password prompt', () => {
    expect(canStarItem(decide(stranger, [], { password: 'hash' }))).toBe(false);
    expect(() => requireMayStar(decide(stranger, [], { password: 'hash' }))).toThrow(expect.objectContaining({ code: 10103 }));
  });
});

describe('canSeeChangeLog', () => {
  it('the owner, managers, admins and editing members (personal or team), archived items too', () => {
    expect(canSeeChangeLog(decide(owner))).toBe(true);
    expect(canSeeChangeLog(decide(admin, [], { password: 'hash' }))).toBe(true);
    expect(canSeeChangeLog(decide(stranger, [member(2)]))).toBe(true);
    expect(canSeeChangeLog(decide(stranger, [member(1)]))).toBe(true);
    expect(canSeeChangeLog(decide(stranger, [team(1)], { password: 'hash' }))).toBe(true);
    expect(canSeeChangeLog(decide(stranger, [member(1)], { isArchived: 1 }))).toBe(true);
    expect(canSeeChangeLog(decide(owner, [], { itemType: 3 }))).toBe(true);
  });

  it('refuses read-only members, strangers, anonymous readers and catalog-limited editors', () => {
    expect(canSeeChangeLog(decide(stranger, [member(0)]))).toBe(false);
    expect(canSeeChangeLog(decide(stranger))).toBe(false);
    expect(canSeeChangeLog(decide(null))).toBe(false);
    expect(canSeeChangeLog(decide(stranger, [member(1, '7')]))).toBe(false);
    expect(canSeeChangeLog(decide(stranger, [team(1, '7')]))).toBe(false);
    expect(() => requireSeeChangeLog(decide(stranger, [member(0)]))).toThrow(expect.objectContaining({ code: 10103 }));
    expect(() => requireSeeChangeLog(decide(stranger, [member(1, '7')]))).toThrow(expect.objectContaining({ code: 10103 }));
  });
});
