// Role matrix for decideItemAccess (DESIGN §4): every role × item state → visit / edit / manage /
// creator flags and catalog limits, plus the require* guards' error codes.
import { describe, expect, it } from 'vitest';
import {
  decideItemAccess,
  effectiveGrant,
  requireEdit,
  requireManage,
  requireOwnerOrAdmin,
  requireVisit,
  topCatalogAllowed,
  type Grant,
  type ItemAccess,
  type ItemRow,
  type Viewer,
} from './itemAccess';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';

const OWNER = 10;
const item = (over: Partial<ItemRow> = {}): ItemRow => ({
  itemId: 1,
  itemName: 'Docs',
  itemDescription: '',
  uid: OWNER,
  username: 'owner',
  password: '',
  itemDomain: '',
  itemType: 1,
  isArchived: 0,
  allowComment: 0,
  allowFeedback: 0,
  isDel: 0,
  addtime: 0,
  lastUpdateTime: 0,
  delTime: 0,
  ...over,
});

const member = (g: number, catIds = '', catId = 0): Grant => ({ source: 'member', memberGroupId: g, catId, catIds });
const team = (g: number, catIds = '', catId = 0): Grant => ({ source: 'team', memberGroupId: g, catId, catIds });

interface Role {
  name: string;
  viewer: Viewer | null;
  grants: Grant[];
}

const roles: Role[] = [
  { name: 'anonymous', viewer: null, grants: [] },
  { name: 'stranger', viewer: { uid: 20, isAdmin: false }, grants: [] },
  { name: 'read-only member', viewer: { uid: 21, isAdmin: false }, grants: [member(0)] },
  { name: 'editor member', viewer: { uid: 22, isAdmin: false }, grants: [member(1)] },
  { name: 'manager member', viewer: { uid: 23, isAdmin: false }, grants: [member(2)] },
  { name: 'read-only team member', viewer: { uid: 24, isAdmin: false }, grants: [team(0)] },
  { name: 'editor team member', viewer: { uid: 25, isAdmin: false }, grants: [team(1)] },
  { name: 'manager team member', viewer: { uid: 26, isAdmin: false }, grants: [team(2)] },
  { name: 'creator', viewer: { uid: OWNER, isAdmin: false }, grants: [] },
  { name: 'admin', viewer: { uid: 99, isAdmin: true }, grants: [] },
];

type Flags = [visit: boolean, edit: boolean, manage: boolean, creator: boolean];
const T = true;
const F = false;

// expected [canVisit, canEdit, canManage, itemCreator] per role, in the order of `roles`
const matrix: Record<string, { item: ItemRow; proven?: boolean; expect: Flags[] }> = {
  'public item': {
    item: item(),
    expect: [
      [T, F, F, F],
      [T, F, F, F],
      [T, F, F, F],
      [T, T, F, F],
      [T, T, T, T],
      [T, F, F, F],
      [T, T, F, F],
      [T, T, T, T],
      [T, T, T, T],
      [T, T, T, T],
    ],
  },
  'private item, no password given': {
    item: item({ password: 'hash' }),
    expect: [
      [F, F, F, F],
      [F, F, F, F],
      [T, F, F, F],
      [T, T, F, F],
      [T, T, T, T],
      [T, F, F, F],
      [T, T, F, F],
      [T, T, T, T],
      [T, T, T, T],
      [T, T, T, T],
    ],
  },
  'private item, password proven': {
    item: item({ password: 'hash' }),
    proven: true,
    expect: [
      [T, F, F, F],
      [T, F, F, F],
      [T, F, F, F],
      [T, T, F, F],
      [T, T, T, T],
      [T, F, F, F],
      [T, T, F, F],
      [T, T, T, T],
      [T, T, T, T],
      [T, T, T, T],
    ],
  },
  'archived item': {
    item: item({ isArchived: 1 }),
    expect: [
      [T, F, F, F],
      [T, F, F, F],
      [T, F, F, F],
      [T, F, F, F],
      [T, F, T, F],
      [T, F, F, F],
      [T, F, F, F],
      [T, F, T, F],
      [T, F, T, F],
      [T, F, T, F],
    ],
  },
  'read-only display item (type 3)': {
    item: item({ itemType: 3 }),
    expect: [
      [T, F, F, F],
      [T, F, F, F],
      [T, F, F, F],
      [T, F, F, F],
      [T, F, T, F],
      [T, F, F, F],
      [T, F, F, F],
      [T, F, T, F],
      [T, F, T, F],
      [T, F, T, F],
    ],
  },
};

describe('decideItemAccess role matrix', () => {
  for (const [state, spec] of Object.entries(matrix)) {
    describe(state, () => {
      roles.forEach((role, i) => {
        it(role.name, () => {
          const a = decideItemAccess(spec.item, role.viewer, role.grants, { passwordProven: !!spec.proven });
          expect([a.canVisit, a.canEdit, a.canManage, a.itemCreator]).toEqual(spec.expect[i]);
          expect(a.itemPermn).toBe(a.canEdit);
          expect(a.isOwner).toBe(role.name === 'creator');
          expect(a.isAdmin).toBe(role.name === 'admin');
          expect(a.isArchived).toBe(spec.item.isArchived === 1);
          expect(a.needsPassword).toBe(!a.canVisit && spec.item.password !== '');
        });
      });
    });
  }

  it('an anonymous viewer never gets grants, even if rows were passed', () => {
    const a = decideItemAccess(item({ password: 'x' }), null, [member(2)], { passwordProven: false });
    expect([a.canVisit, a.canManage, a.memberGroup, a.isMember]).toEqual([false, false, -1, false]);
  });

  it('ownership is the uid match only', () => {
    const a = decideItemAccess(item({ uid: 5 }), { uid: OWNER, isAdmin: false }, [], { passwordProven: false });
    expect([a.isOwner, a.canManage]).toEqual([false, false]);
  });
});

describe('catalog limits', () => {
  const viewer = { uid: 30, isAdmin: false };
  const access = (grants: Grant[], over: Partial<ItemRow> = {}) => decideItemAccess(item(over), viewer, grants, { passwordProven: false });

  it('members limited by cat_id or cat_ids see only those top-level catalogs', () => {
    expect(access([member(1, '', 7)]).catIds).toEqual([7]);
    expect(access([member(0, '7, 8,x,-1,0')]).catIds).toEqual([7, 8]);
    expect(access([member(1)]).catIds).toBeNull();
  });

  it('managers, owners and admins are never limited', () => {
    expect(access([member(2, '7')]).catIds).toBeNull();
    expect(decideItemAccess(item(), { uid: OWNER, isAdmin: false }, [member(1, '7')], { passwordProven: false }).catIds).toBeNull();
    expect(decideItemAccess(item(), { uid: 99, isAdmin: true }, [member(1, '7')], { passwordProven: false }).catIds).toBeNull();
  });

  it('personal membership wins over team membership', () => {
    const a = access([team(2), member(0, '7')]);
    expect([a.memberGroup, a.canEdit, a.canManage, a.catIds]).toEqual([0, false, false, [7]]);
  });

  it('several team rows combine: highest group, union of catalogs; an unlimited row lifts the limit', () => {
    expect(effectiveGrant([team(0, '3'), team(1, '4,3')])).toEqual({ group: 1, catIds: [3, 4] });
    expect(effectiveGrant([team(0, '3'), team(1)])).toEqual({ group: 1, catIds: null });
    expect(effectiveGrant([team(1, '3'), team(2, '4')])).toEqual({ group: 2, catIds: null });
    expect(effectiveGrant([])).toBeNull();
  });

  it('topCatalogAllowed: root pages are outside a limit', () => {
    const limited = access([member(1, '7')]);
    expect([topCatalogAllowed(limited, 7), topCatalogAllowed(limited, 8), topCatalogAllowed(limited, 0)]).toEqual([true, false, false]);
    const free = access([member(1)]);
    expect([topCatalogAllowed(free, 8), topCatalogAllowed(free, 0)]).toEqual([true, true]);
  });
});

describe('guards', () => {
  const code = (fn: () => void): number | null => {
    try {
      fn();
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      return (e as ApiError).code;
    }
  };
  const decide = (viewer: Viewer | null, grants: Grant[], over: Partial<ItemRow> = {}): ItemAccess =>
    decideItemAccess(item(over), viewer, grants, { passwordProven: false });
  const stranger = { uid: 20, isAdmin: false };
  const owner = { uid: OWNER, isAdmin: false };
  const admin = { uid: 99, isAdmin: true };

  it('requireVisit: 10307 for a private item, passes for public', () => {
    expect(code(() => requireVisit(decide(stranger, [], { password: 'x' })))).toBe(ErrorCode.ITEM_PASSWORD_REQUIRED);
    expect(code(() => requireVisit(decide(null, [], { password: 'x' })))).toBe(ErrorCode.ITEM_PASSWORD_REQUIRED);
    expect(code(() => requireVisit(decide(stranger, [])))).toBeNull();
  });

  it('requireEdit: 10103 for readers, archived and type-3 items; 10307 first when private', () => {
    expect(code(() => requireEdit(decide(stranger, [])))).toBe(ErrorCode.NO_PERMISSION);
    expect(code(() => requireEdit(decide(stranger, [member(0)])))).toBe(ErrorCode.NO_PERMISSION);
    expect(code(() => requireEdit(decide(stranger, [], { password: 'x' })))).toBe(ErrorCode.ITEM_PASSWORD_REQUIRED);
    expect(code(() => requireEdit(decide(owner, [], { isArchived: 1 })))).toBe(ErrorCode.NO_PERMISSION);
    expect(code(() => requireEdit(decide(admin, [], { itemType: 3 })))).toBe(ErrorCode.NO_PERMISSION);
    expect(code(() => requireEdit(decide(stranger, [member(1)])))).toBeNull();
    expect(code(() => requireEdit(decide(stranger, [team(1)])))).toBeNull();
  });

  it('requireManage: 10303 for non-managers; change:true also refuses archived items', () => {
    expect(code(() => requireManage(decide(stranger, [member(1)])))).toBe(ErrorCode.NOT_MANAGER);
    expect(code(() => requireManage(decide(stranger, [team(2)])))).toBeNull();
    expect(code(() => requireManage(decide(owner, [], { isArchived: 1 })))).toBeNull();
    expect(code(() => requireManage(decide(owner, [], { isArchived: 1 }), { change: true }))).toBe(ErrorCode.NO_PERMISSION);
  });

  it('requireOwnerOrAdmin: managers are not enough', () => {
    expect(code(() => requireOwnerOrAdmin(decide(stranger, [member(2)])))).toBe(ErrorCode.NOT_MANAGER);
    expect(code(() => requireOwnerOrAdmin(decide(owner, [])))).toBeNull();
    expect(code(() => requireOwnerOrAdmin(decide(admin, [])))).toBeNull();
  });
});
