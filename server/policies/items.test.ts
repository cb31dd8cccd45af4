// Item-wide questions (policies/items.ts): each allowed and refused.
import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow, type Viewer } from './itemAccess';
import { canCopyItem, canLeaveItem, canReadAnonymously, listedItemRights, requireMayLeave, visibleTopCatalogs } from './items';
import { ApiError } from '../errors';

const OWNER = 10;
const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: OWNER, password: '', isArchived: 0, itemType: 1, isDel: 0, ...over }) as ItemRow;
const member = (g: number, catIds = ''): Grant => ({ source: 'member', memberGroupId: g, catId: 0, catIds });
const team = (g: number, catIds = ''): Grant => ({ source: 'team', memberGroupId: g, catId: 0, catIds });
const stranger: Viewer = { uid: 20, isAdmin: false };
const owner: Viewer = { uid: OWNER, isAdmin: false };
const admin: Viewer = { uid: 99, isAdmin: true };
const decide = (viewer: Viewer | null, grants: Grant[] = [], over: Partial<ItemRow> = {}) => decideItemAccess(item(over), viewer, grants, { passwordProven: false });

describe('canReadAnonymously', () => {
  it('anyone reads unless the site forces a login', () => {
    expect(canReadAnonymously({ force_login: false })).toBe(true);
    expect(canReadAnonymously({ force_login: true })).toBe(false);
  });
});

describe('canCopyItem', () => {
  it('allows editors, managers, the owner and admins, archived and read-only-display sources too', () => {
    expect(canCopyItem(decide(stranger, [member(1)]))).toBe(true);
    expect(canCopyItem(decide(stranger, [team(1)]))).toBe(true);
    expect(canCopyItem(decide(stranger, [member(2, '7')]))).toBe(true);
    expect(canCopyItem(decide(owner, [], { isArchived: 1 }))).toBe(true);
    expect(canCopyItem(decide(admin, [], { itemType: 3 }))).toBe(true);
    expect(canCopyItem(decide(stranger, [member(1)], { isArchived: 1 }))).toBe(true);
  });

  it('refuses readers, strangers, catalog-limited editors and anyone who cannot visit', () => {
    expect(canCopyItem(decide(stranger))).toBe(false);
    expect(canCopyItem(decide(null))).toBe(false);
    expect(canCopyItem(decide(stranger, [member(0)]))).toBe(false);
    expect(canCopyItem(decide(stranger, [member(1, '7')]))).toBe(false);
    expect(canCopyItem(decide(stranger, [], { password: 'hash' }))).toBe(false);
  });
});

describe('leaving an item', () => {
  it('members (personal or through a team) may leave', () => {
    expect(canLeaveItem(decide(stranger, [member(0)]))).toBe(true);
    expect(canLeaveItem(decide(stranger, [team(2)]))).toBe(true);
    expect(() => requireMayLeave(decide(stranger, [member(1)]))).not.toThrow();
  });

  it('the creator and non-members may not, each with its reason', () => {
    expect(canLeaveItem(decide(owner, [member(1)]))).toBe(false);
    expect(canLeaveItem(decide(stranger))).toBe(false);
    expect(canLeaveItem(decide(admin))).toBe(false);
    expect(() => requireMayLeave(decide(owner))).toThrow(/creator cannot leave/);
    expect(() => requireMayLeave(decide(stranger))).toThrow(ApiError);
    expect(() => requireMayLeave(decide(stranger))).toThrow(/not a member/);
  });
});

describe('visibleTopCatalogs', () => {
  it('is the catalog limit of a limited member, null for everyone else', () => {
    expect(visibleTopCatalogs(decide(stranger, [member(1, '7,8')]))).toEqual([7, 8]);
    expect(visibleTopCatalogs(decide(stranger, [member(1)]))).toBeNull();
    expect(visibleTopCatalogs(decide(stranger, [member(2, '7')]))).toBeNull();
    expect(visibleTopCatalogs(decide(stranger))).toBeNull();
  });
});

describe('listedItemRights', () => {
  it('the owner creates and manages; manage members (personal or team) manage', () => {
    expect(listedItemRights(item(), OWNER, [])).toEqual({ creator: true, manage: true });
    expect(listedItemRights(item(), 20, [member(2)])).toEqual({ creator: false, manage: true });
    expect(listedItemRights(item(), 20, [team(1), team(2)])).toEqual({ creator: false, manage: true });
  });

  it('editors, readers and a personal grant below a team manage grant do not manage', () => {
    expect(listedItemRights(item(), 20, [member(1)])).toEqual({ creator: false, manage: false });
    expect(listedItemRights(item(), 20, [])).toEqual({ creator: false, manage: false });
    // personal membership wins over team membership
    expect(listedItemRights(item(), 20, [team(2), member(0)])).toEqual({ creator: false, manage: false });
  });
});
