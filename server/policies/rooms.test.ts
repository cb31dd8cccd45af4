import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow } from './itemAccess';
import { canJoinItemRoom, canJoinPageRoom, canJoinUserRoom } from './rooms';

const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: 1, password: '', isArchived: 0, itemType: 1, isDel: 0, ...over }) as ItemRow;
const grant = (memberGroupId: number, catIds = ''): Grant => ({ source: 'member', memberGroupId, catId: 0, catIds });
const bob = { uid: 2, isAdmin: false };
const access = (over: Partial<ItemRow>, grants: Grant[], viewer: typeof bob | null = bob) => decideItemAccess(item(over), viewer, grants, { passwordProven: false });

describe('policies/rooms', () => {
  it('user:<uid> is for that user only', () => {
    expect(canJoinUserRoom({ uid: 7 }, 7)).toBe(true);
    expect(canJoinUserRoom({ uid: 8 }, 7)).toBe(false);
    expect(canJoinUserRoom(null, 7)).toBe(false);
  });

  it('item:<id> is for whoever may visit the item; a private one asks for its password', () => {
    expect(canJoinItemRoom(access({}, []))).toEqual({ allowed: true });
    expect(canJoinItemRoom(access({}, [], null))).toEqual({ allowed: true });
    expect(canJoinItemRoom(access({ password: 'hash' }, [grant(0)]))).toEqual({ allowed: true });
    expect(canJoinItemRoom(access({ password: 'hash' }, []))).toEqual({ allowed: false, refusal: 'password' });
    expect(canJoinItemRoom(undefined)).toEqual({ allowed: false, refusal: 'not-found' });
  });

  it('page:<id>: readers of the page, catalog limit included; a missing page is not found', () => {
    const limited = access({ password: 'hash' }, [grant(1, '7')]);
    expect(canJoinPageRoom(bob, { access: limited, place: { topCatId: 7 } }, 'read')).toEqual({ allowed: true });
    expect(canJoinPageRoom(bob, { access: limited, place: { topCatId: 8 } }, 'read')).toEqual({ allowed: false, refusal: 'no-permission' });
    expect(canJoinPageRoom(bob, { access: limited, place: { topCatId: 0 } }, 'read')).toEqual({ allowed: false, refusal: 'no-permission' });
    expect(canJoinPageRoom(bob, { access: access({ password: 'hash' }, []), place: { topCatId: 0 } }, 'read')).toEqual({ allowed: false, refusal: 'password' });
    expect(canJoinPageRoom(bob, undefined, 'read')).toEqual({ allowed: false, refusal: 'not-found' });
  });

  it('editing in page:<id>: members who may edit the page, signed in; never read-only members, archived items or other catalogs', () => {
    const editor = access({}, [grant(1)]);
    expect(canJoinPageRoom(bob, { access: editor, place: { topCatId: 0 } }, 'edit')).toEqual({ allowed: true });
    expect(canJoinPageRoom(bob, { access: access({}, [grant(0)]), place: { topCatId: 0 } }, 'edit')).toEqual({ allowed: false, refusal: 'no-edit' });
    expect(canJoinPageRoom(bob, { access: access({ isArchived: 1 }, [grant(1)]), place: { topCatId: 0 } }, 'edit')).toEqual({ allowed: false, refusal: 'no-edit' });
    const limited = access({}, [grant(1, '7')]);
    expect(canJoinPageRoom(bob, { access: limited, place: { topCatId: 7 } }, 'edit')).toEqual({ allowed: true });
    expect(canJoinPageRoom(bob, { access: limited, place: { topCatId: 8 } }, 'edit')).toEqual({ allowed: false, refusal: 'no-permission' });
    // an anonymous reader of a public item reads, never edits
    const anon = access({}, [], null);
    expect(canJoinPageRoom(null, { access: anon, place: { topCatId: 0 } }, 'read')).toEqual({ allowed: true });
    expect(canJoinPageRoom(null, { access: anon, place: { topCatId: 0 } }, 'edit')).toEqual({ allowed: false, refusal: 'no-edit' });
  });
});
