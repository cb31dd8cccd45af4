import { describe, expect, it } from 'vitest';
import { decideItemAccess, type Grant, type ItemRow } from './itemAccess';
import { canBindFile, canDeleteFile, canDeleteOwnFile, canDownloadFile } from './files';

const item = (over: Partial<ItemRow> = {}) => ({ itemId: 1, uid: 1, password: '', isArchived: 0, itemType: 1, isDel: 0, ...over }) as ItemRow;
const grant = (memberGroupId: number, catIds = ''): Grant => ({ source: 'member', memberGroupId, catId: 0, catIds });
const reader = { uid: 2, isAdmin: false };
const uploader = { uid: 3, isAdmin: false };
const admin = { uid: 9, isAdmin: true };
const file = { uid: 3 };
const access = (over: Partial<ItemRow>, grants: Grant[], passwordProven = false) => decideItemAccess(item(over), reader, grants, { passwordProven });

describe('policies/files', () => {
  it('canDownloadFile: the uploader and administrators always, even for an orphan bound to no page', () => {
    expect(canDownloadFile(uploader, file, [])).toBe(true);
    expect(canDownloadFile(admin, file, [])).toBe(true);
    expect(canDownloadFile(reader, file, [])).toBe(false);
    expect(canDownloadFile(null, file, [])).toBe(false);
  });

  it('canDownloadFile: a reader of one of its places; a private item needs membership or its password', () => {
    const publicItem = access({}, []);
    expect(canDownloadFile(reader, file, [{ access: publicItem, place: { topCatId: 0 } }])).toBe(true);
    const privateItem = access({ password: 'hash' }, []);
    expect(canDownloadFile(reader, file, [{ access: privateItem, place: { topCatId: 0 } }])).toBe(false);
    expect(canDownloadFile(reader, file, [{ access: access({ password: 'hash' }, [], true), place: { topCatId: 0 } }])).toBe(true);
    expect(canDownloadFile(reader, file, [{ access: access({ password: 'hash' }, [grant(0)]), place: { topCatId: 0 } }])).toBe(true);
    // one readable place is enough
    expect(canDownloadFile(reader, file, [{ access: privateItem, place: { topCatId: 0 } }, { access: publicItem, place: { topCatId: 0 } }])).toBe(true);
  });

  it('canDownloadFile: a member limited to catalog 7 gets the files of pages inside it only, never of the item as a whole', () => {
    const limited = access({ password: 'hash' }, [grant(1, '7')]);
    expect(canDownloadFile(reader, file, [{ access: limited, place: { topCatId: 7 } }])).toBe(true);
    expect(canDownloadFile(reader, file, [{ access: limited, place: { topCatId: 8 } }])).toBe(false);
    expect(canDownloadFile(reader, file, [{ access: limited, place: { topCatId: 0 } }])).toBe(false);
  });

  it('binding and deleting one of "my files": the uploader only, not an administrator', () => {
    expect([canBindFile(uploader, file), canDeleteOwnFile(uploader, file)]).toEqual([true, true]);
    expect([canBindFile(reader, file), canDeleteOwnFile(reader, file)]).toEqual([false, false]);
    expect([canBindFile(admin, file), canDeleteOwnFile(admin, file)]).toEqual([false, false]);
  });

  it('canDeleteFile (its last page let go of it): the uploader or an administrator; other editors only unbind', () => {
    expect([canDeleteFile(uploader, file), canDeleteFile(admin, file), canDeleteFile(reader, file)]).toEqual([true, true, false]);
  });
});
