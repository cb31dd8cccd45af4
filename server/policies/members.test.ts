// Member questions (policies/members.ts): each allowed and refused.
import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow, type Viewer } from './itemAccess';
import { canChangeMemberGroup, canGiveMemberGroup, canGrantManage, canRemoveMember, canSeeItemPeople, groupTakesCatalogLimit, requireGrantManage } from './members';
import { ErrorCode } from '../../shared/errors';
import { ApiError } from '../errors';

const OWNER = 10;
const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: OWNER, password: '', isArchived: 0, itemType: 1, isDel: 0, ...over }) as ItemRow;
const member = (g: number): Grant => ({ source: 'member', memberGroupId: g, catId: 0, catIds: '' });
const decide = (viewer: Viewer, grants: Grant[] = [], over: Partial<ItemRow> = {}) => decideItemAccess(item(over), viewer, grants, { passwordProven: false });
const owner = decide({ uid: OWNER, isAdmin: false });
const admin = decide({ uid: 99, isAdmin: true });
const manager = decide({ uid: 23, isAdmin: false }, [member(2)]);
const editor = decide({ uid: 22, isAdmin: false }, [member(1)]);
const reader = decide({ uid: 21, isAdmin: false }, [member(0)]);
const stranger = decide({ uid: 20, isAdmin: false });

describe('canGrantManage', () => {
  it('the creator and admins may give or take manage rights; managers may not', () => {
    expect([canGrantManage(owner), canGrantManage(admin)]).toEqual([true, true]);
    expect([canGrantManage(manager), canGrantManage(editor)]).toEqual([false, false]);
  });

  it('requireGrantManage refuses with 10303', () => {
    expect(() => requireGrantManage(owner)).not.toThrow();
    let code = 0;
    try {
      requireGrantManage(manager);
    } catch (e) {
      code = (e as ApiError).code;
    }
    expect(code).toBe(ErrorCode.NOT_MANAGER);
  });
});

describe('canGiveMemberGroup', () => {
  it('a manager gives read-only and edit rights, not manage', () => {
    expect([canGiveMemberGroup(manager, 0), canGiveMemberGroup(manager, 1)]).toEqual([true, true]);
    expect(canGiveMemberGroup(manager, 2)).toBe(false);
  });

  it('the creator gives manage rights', () => {
    expect(canGiveMemberGroup(owner, 2)).toBe(true);
    expect(canGiveMemberGroup(admin, 2)).toBe(true);
  });
});

describe('canChangeMemberGroup', () => {
  it('a manager moves members between read-only and edit', () => {
    expect(canChangeMemberGroup(manager, { memberGroupId: 0 }, 1)).toBe(true);
    expect(canChangeMemberGroup(manager, { memberGroupId: 1 }, 0)).toBe(true);
  });

  it('manage rights in or out need the creator', () => {
    expect(canChangeMemberGroup(manager, { memberGroupId: 1 }, 2)).toBe(false);
    expect(canChangeMemberGroup(manager, { memberGroupId: 2 }, 1)).toBe(false);
    expect(canChangeMemberGroup(manager, { memberGroupId: 2 }, 2)).toBe(false);
    expect(canChangeMemberGroup(owner, { memberGroupId: 2 }, 0)).toBe(true);
    expect(canChangeMemberGroup(admin, { memberGroupId: 0 }, 2)).toBe(true);
  });
});

describe('canRemoveMember', () => {
  it('managers remove readers and editors, and themselves', () => {
    expect(canRemoveMember(manager, { memberGroupId: 1, uid: 22 }, 23)).toBe(true);
    expect(canRemoveMember(manager, { memberGroupId: 2, uid: 23 }, 23)).toBe(true);
    expect(canRemoveMember(owner, { memberGroupId: 2, uid: 23 }, OWNER)).toBe(true);
  });

  it('another manager only by the creator; non-managers never', () => {
    expect(canRemoveMember(manager, { memberGroupId: 2, uid: 24 }, 23)).toBe(false);
    expect(canRemoveMember(editor, { memberGroupId: 0, uid: 21 }, 22)).toBe(false);
    expect(canRemoveMember(stranger, { memberGroupId: 0, uid: 21 }, 20)).toBe(false);
  });
});

describe('groupTakesCatalogLimit', () => {
  it('readers and editors may be limited to catalogs; managers never', () => {
    expect([groupTakesCatalogLimit(0), groupTakesCatalogLimit(1)]).toEqual([true, true]);
    expect(groupTakesCatalogLimit(2)).toBe(false);
  });
});

describe('canSeeItemPeople', () => {
  it('editors, managers, the creator and admins', () => {
    expect([editor, manager, owner, admin].map(canSeeItemPeople)).toEqual([true, true, true, true]);
    // an archived item's editors still see its people (edit right, not the item state)
    expect(canSeeItemPeople(decide({ uid: 22, isAdmin: false }, [member(1)], { isArchived: 1 }))).toBe(true);
  });

  it('not readers nor strangers', () => {
    expect([reader, stranger].map(canSeeItemPeople)).toEqual([false, false]);
  });
});
