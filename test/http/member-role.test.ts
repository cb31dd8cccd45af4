// member/update (Quire): a member's authority changes in place. Item managers may change it;
// manage rights in or out only the item's creator (or an admin); members without manage rights,
// strangers and archived items are refused and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, seedItem } from '../helpers/realtime';
import { catalogs, itemMembers, items } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';

type U = { uid: number; user_token: string; username: string };

let app: TestApp;
const u: Record<string, U> = {};
let itemId: number;
let otherItemId: number;
const m: Record<string, number> = {};

const groupOf = async (itemMemberId: number) =>
  (await app.deps.db.select().from(itemMembers).where(eq(itemMembers.itemMemberId, itemMemberId)))[0];

const update = (who: U, itemMemberId: number, group: number | string, item = itemId) =>
  app.call('member/update', { item_id: item, item_member_id: itemMemberId, member_group_id: group }, { token: who.user_token });

/** a fresh member row for one case; the read cache learns of it as from a domain write */
async function member(user: U, group: number, catId = 0, item = itemId): Promise<number> {
  const id = await addMember(app.deps.db, item, user, group, catId);
  app.deps.events.emit('reads.stale', { itemIds: [item] });
  return id;
}

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['admin', 'owner', 'stranger', 'ro', 'ed', 'mgr', 'mgr2', 'other']) u[name] = await app.register(`r_${name}`);
  itemId = await seedItem(app.deps.db, u.owner, { itemName: 'Roles' });
  otherItemId = await seedItem(app.deps.db, u.stranger, { itemName: 'Not yours' });
  m.ro = await member(u.ro, 0);
  m.ed = await member(u.ed, 1);
  m.mgr = await member(u.mgr, 2);
  m.mgr2 = await member(u.mgr2, 2);
  m.foreign = await member(u.other, 1, 0, otherItemId);
});

afterAll(async () => {
  await app?.close();
});

describe('member/update', () => {
  it('the owner changes an editor to read-only in place: the answer, the row and the rights follow', async () => {
    const r = await update(u.owner, m.ed, 0);
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ item_member_id: String(m.ed), username: u.ed.username, member_group_id: '0' });
    expect((await groupOf(m.ed)).memberGroupId).toBe(0);
    const info = await app.call('item/info', { item_id: itemId }, { token: u.ed.user_token });
    expect(info.data.ItemPermn).toBe(false);
    expect((await update(u.owner, m.ed, 1)).error_code).toBe(0);
    expect((await app.call('item/info', { item_id: itemId }, { token: u.ed.user_token })).data.ItemPermn).toBe(true);
  });

  it('a read-only member, an editor and a stranger are refused; nothing changes', async () => {
    for (const who of [u.ro, u.ed, u.stranger]) {
      const r = await update(who, m.ro, 1);
      expect(r.error_code, who.username).not.toBe(0);
      expect((await groupOf(m.ro)).memberGroupId).toBe(0);
    }
    expect((await update(u.ed, m.ro, 1)).error_code).toBe(ErrorCode.NOT_MANAGER);
    expect((await app.call('member/update', { item_id: itemId, item_member_id: m.ro, member_group_id: 1 })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('another manager changes read-only and edit, but neither gives nor takes manage rights', async () => {
    expect((await update(u.mgr, m.ro, 1)).error_code).toBe(0);
    expect((await groupOf(m.ro)).memberGroupId).toBe(1);
    expect((await update(u.mgr, m.ro, 2)).error_code).toBe(ErrorCode.NOT_MANAGER);
    expect((await update(u.mgr, m.mgr2, 0)).error_code).toBe(ErrorCode.NOT_MANAGER);
    expect((await groupOf(m.ro)).memberGroupId).toBe(1);
    expect((await groupOf(m.mgr2)).memberGroupId).toBe(2);
    expect((await update(u.mgr, m.ro, 0)).error_code).toBe(0);
  });

  it('promoting to manage drops the catalog limit (managers are never limited)', async () => {
    const [cat] = await app.deps.db.insert(catalogs).values({ itemId, catName: 'Top', level: 2, parentCatId: 0 }).returning();
    const limited = await member(u.admin, 1, cat.catId);
    const r = await update(u.owner, limited, 2);
    expect(r.error_code).toBe(0);
    expect(await groupOf(limited)).toMatchObject({ memberGroupId: 2, catId: 0, catIds: '' });
  });

  it('refuses an unknown group, a member of another item and an unknown member, storing nothing', async () => {
    expect((await update(u.owner, m.ed, 5)).error_code).not.toBe(0);
    expect((await update(u.owner, m.ed, 'x')).error_code).not.toBe(0);
    expect((await groupOf(m.ed)).memberGroupId).toBe(1);
    expect((await update(u.owner, m.foreign, 0)).error_code).toBe(ErrorCode.GENERIC);
    expect((await groupOf(m.foreign)).memberGroupId).toBe(1);
    expect((await update(u.owner, 999999, 0)).error_code).toBe(ErrorCode.GENERIC);
    // the other item's owner cannot reach this item's members through their own item id
    expect((await update(u.stranger, m.ed, 0, otherItemId)).error_code).toBe(ErrorCode.GENERIC);
    expect((await groupOf(m.ed)).memberGroupId).toBe(1);
  });

  it('an archived item keeps its members as they are', async () => {
    await app.deps.db.update(items).set({ isArchived: 1 }).where(eq(items.itemId, itemId));
    app.deps.events.emit('item.changed', { itemId });
    expect((await update(u.owner, m.ed, 0)).error_code).not.toBe(0);
    expect((await groupOf(m.ed)).memberGroupId).toBe(1);
  });
});
