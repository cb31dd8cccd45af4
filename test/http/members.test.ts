// /api/member/*: who may list, add and remove personal members of an item; several usernames at
// once; read-only / edit / manage; catalog limits (top-level catalogs only); removal revokes
// access on the very next request; notices to added users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember as insertMember, seedItem } from '../helpers/realtime';
import { catalogs, itemMembers, notices, teamItemMembers, teamItems, teamMembers, teams, users } from '../../server/db/schema';
import { accessForViewer } from '../../server/policies/request';
import { findItem } from '../../server/policies/load';
import type { Db } from '../../server/db/client';

/** A member row written straight to the database; the cached grants learn of it as from a domain write. */
async function addMember(db: Db, item: number, user: { uid: number; username: string }, group: number): Promise<number> {
  const id = await insertMember(db, item, user, group);
  app.deps.events.emit('reads.stale', { itemIds: [item] });
  return id;
}

type U = { uid: number; user_token: string; username: string };

let app: TestApp;
const u: Record<string, U> = {};
let itemId: number;
let otherItemId: number;
let top1: number;
let top2: number;
let sub1: number;
let otherTop: number;

async function makeAdmin(user: U) {
  await app.deps.db.update(users).set({ groupid: 1 }).where(eq(users.uid, user.uid));
  app.deps.events.emit('user.updated', { uid: user.uid });
}

async function cat(item: number, name: string, level = 2, parent = 0) {
  const [row] = await app.deps.db.insert(catalogs).values({ itemId: item, catName: name, level, parentCatId: parent }).returning();
  return row.catId;
}

const memberRows = (item = itemId) => app.deps.db.select().from(itemMembers).where(eq(itemMembers.itemId, item));

beforeAll(async () => {
  app = await startTestApp();
  // the first account of an empty database is an administrator: register the admin first
  for (const name of ['admin', 'owner', 'stranger', 'ro', 'ed', 'mgr', 'tm', 'zed', 'yan', 'xia']) u[name] = await app.register(`m_${name}`);
  await makeAdmin(u.admin);
  itemId = await seedItem(app.deps.db, u.owner, { itemName: 'Member item', password: 'x' });
  otherItemId = await seedItem(app.deps.db, u.stranger, { itemName: 'Other item' });
  top1 = await cat(itemId, 'Top one');
  top2 = await cat(itemId, 'Top two');
  sub1 = await cat(itemId, 'Sub one', 3, top1);
  otherTop = await cat(otherItemId, 'Foreign top');
  await addMember(app.deps.db, itemId, u.ro, 0);
  await addMember(app.deps.db, itemId, u.ed, 1);
  await addMember(app.deps.db, itemId, u.mgr, 2);
  // a team member of the item (edit rights through the team)
  const [team] = await app.deps.db.insert(teams).values({ teamName: 'T', uid: u.owner.uid, username: u.owner.username }).returning();
  await app.deps.db.insert(teamMembers).values({ teamId: team.id, memberUid: u.tm.uid, memberUsername: u.tm.username });
  await app.deps.db.insert(teamItems).values({ teamId: team.id, itemId });
  await app.deps.db.insert(teamItemMembers).values({ teamId: team.id, itemId, memberUid: u.tm.uid, memberUsername: u.tm.username, memberGroupId: 1 });
}, 180_000);
afterAll(() => app.close());

const refusedRoles = ['stranger', 'ro', 'ed', 'tm'] as const;
const allowedRoles = ['mgr', 'owner', 'admin'] as const;

describe('member/getList', () => {
  it('answers the item managers only', async () => {
    expect((await app.call('member/getList', { item_id: itemId })).error_code).toBe(10102);
    for (const r of refusedRoles) {
      const res = await app.call('member/getList', { item_id: itemId }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(10303);
      expect(res.data).toBeUndefined();
    }
    for (const r of allowedRoles) {
      const res = await app.call('member/getList', { item_id: itemId }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(0);
      expect(res.data.map((m: any) => m.username).sort()).toEqual(['m_ed', 'm_mgr', 'm_ro']);
    }
  });

  it('shows names, group texts and formatted times', async () => {
    const res = await app.call('member/getList', { item_id: itemId }, { token: u.owner.user_token, headers: { 'Accept-Language': 'zh-CN' } });
    const ro = res.data.find((m: any) => m.username === 'm_ro');
    // ShowDoc's types and texts: the group as text ("0"), every catalog named '所有目录'
    expect(ro).toMatchObject({ member_group_id: '0', member_group: '只读/目录：所有目录', uid: String(u.ro.uid), cat_id: '0', cat_ids: [], cat_name: '所有目录' });
    expect(ro.item_member_id).toMatch(/^\d+$/);
    expect(res.data.find((m: any) => m.username === 'm_ed').member_group).toBe('编辑/目录：所有目录');
  });

  it('refuses a missing item', async () => {
    const res = await app.call('member/getList', { item_id: 999999 }, { token: u.admin.user_token });
    expect(res.error_code).toBe(10101);
  });
});

describe('member/save', () => {
  it('refuses everyone but the managers, storing nothing', async () => {
    const before = (await memberRows()).length;
    for (const r of refusedRoles) {
      const res = await app.call('member/save', { item_id: itemId, username: 'm_zed', member_group_id: 1 }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(10303);
    }
    expect((await app.call('member/save', { item_id: itemId, username: 'm_zed', member_group_id: 1 })).error_code).toBe(10102);
    expect((await memberRows()).length).toBe(before);
  });

  it('adds several usernames at once with the group and catalog limit given', async () => {
    const res = await app.call('member/save', { item_id: itemId, username: 'm_zed, m_yan', member_group_id: 1, cat_id: top1 }, { token: u.mgr.user_token });
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ username: 'm_yan', member_group_id: '1', cat_id: String(top1), cat_ids: [top1], cat_name: 'Top one', member_group: 'Edit/catalog: Top one' });
    const rows = await memberRows();
    const zed = rows.find((r) => r.uid === u.zed.uid)!;
    expect(zed).toMatchObject({ memberGroupId: 1, catId: top1 });
    expect(rows.find((r) => r.uid === u.yan.uid)).toBeTruthy();
    // the catalog limit is in force for the new member
    const item = (await findItem(app.deps.db, itemId))!;
    const access = await accessForViewer(app.deps, { uid: u.zed.uid, isAdmin: false } as any, item);
    expect(access.canEdit).toBe(true);
    expect(access.catIds).toEqual([top1]);
    // clean up for the next tests
    await app.deps.db.delete(itemMembers).where(and(eq(itemMembers.itemId, itemId), eq(itemMembers.uid, u.yan.uid)));
  });

  it('stores a cat_ids list of top-level catalogs and lists their names', async () => {
    const res = await app.call('member/save', { item_id: itemId, username: 'm_yan', member_group_id: 0, cat_ids: `${top1},${top2}` }, { token: u.owner.user_token });
    expect(res.error_code).toBe(0);
    const list = await app.call('member/getList', { item_id: itemId }, { token: u.owner.user_token });
    const yan = list.data.find((m: any) => m.username === 'm_yan');
    expect(yan).toMatchObject({ member_group_id: '0', cat_ids: [top1, top2], cat_name: 'Top one, Top two' });
    await app.deps.db.delete(itemMembers).where(and(eq(itemMembers.itemId, itemId), eq(itemMembers.uid, u.yan.uid)));
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const before = await memberRows();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ username: 'm_xia, nobody_here', member_group_id: 1 }, 10209, /nobody_here/],
      [{ username: '', member_group_id: 1 }, 10101, /username/],
      [{ username: ' , ', member_group_id: 1 }, 10101, /username/],
      [{ username: 'm_xia', member_group_id: 5 }, 10101, /member_group_id/],
      [{ username: 'm_xia', member_group_id: 'edit' }, 10101, /member_group_id/],
      [{ username: 'm_xia', member_group_id: 1, cat_id: sub1 }, 10101, /top-level/],
      [{ username: 'm_xia', member_group_id: 1, cat_id: otherTop }, 10101, /top-level/],
      [{ username: 'm_xia', member_group_id: 1, cat_ids: `${top1},${sub1}` }, 10101, /top-level/],
      [{ username: 'm_xia', member_group_id: 1, cat_ids: '1 or 1=1' }, 10101, /cat_ids/],
      [{ username: 'm_ro', member_group_id: 1 }, 10101, /already members/],
      [{ username: 'm_owner', member_group_id: 1 }, 10101, /already members or the creator/],
    ];
    for (const [params, code, msg] of cases) {
      const res = await app.call('member/save', { item_id: itemId, ...params }, { token: u.owner.user_token });
      expect(res.error_code, JSON.stringify(params)).toBe(code);
      expect(res.error_message, JSON.stringify(params)).toMatch(msg);
    }
    expect(await memberRows()).toEqual(before);
  });

  it('answers in Chinese when asked', async () => {
    const res = await app.call('member/save', { item_id: itemId, username: 'ghost', member_group_id: 1 }, { token: u.owner.user_token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(res.error_code).toBe(10209);
    expect(res.error_message).toBe('用户 ghost 不存在');
  });

  it('lets only the creator (or an admin) grant manage rights', async () => {
    const res = await app.call('member/save', { item_id: itemId, username: 'm_xia', member_group_id: 2 }, { token: u.mgr.user_token });
    expect(res.error_code).toBe(10303);
    expect((await memberRows()).some((r) => r.uid === u.xia.uid)).toBe(false);
    const ok = await app.call('member/save', { item_id: itemId, username: 'm_xia', member_group_id: 2, cat_id: top1 }, { token: u.admin.user_token });
    expect(ok.error_code).toBe(0);
    // managers are never catalog-limited
    expect(ok.data).toMatchObject({ member_group_id: '2', cat_id: '0', cat_ids: [] });
  });

  it('refuses new members on an archived item', async () => {
    const archived = await seedItem(app.deps.db, u.owner, { isArchived: 1 });
    const res = await app.call('member/save', { item_id: archived, username: 'm_zed', member_group_id: 1 }, { token: u.owner.user_token });
    expect(res.error_code).toBe(10103);
    expect(await memberRows(archived)).toEqual([]);
  });

  it('sends each added user a notice', async () => {
    const mine = await app.call('notice/getList', { notice_type: 'unread' }, { token: u.zed.user_token });
    expect(mine.error_code).toBe(0);
    const n = mine.data.find((x: any) => x.notice_type === 'member_added');
    expect(n.notice_title).toBe('You were added to an item');
    expect(n.from_name).toBe('m_mgr');
    expect(n.notice_content).toContain(`<a href="/${itemId}">Member item</a>`);
    expect(n.notice_content).toContain('edit rights');
  });
});

describe('member/delete', () => {
  it('refuses everyone but the managers, removing nothing', async () => {
    const [zed] = (await memberRows()).filter((r) => r.uid === u.zed.uid);
    for (const r of refusedRoles) {
      const res = await app.call('member/delete', { item_id: itemId, item_member_id: zed.itemMemberId }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(10303);
    }
    expect((await memberRows()).some((r) => r.uid === u.zed.uid)).toBe(true);
  });

  it('cannot remove a member of another item through an item the caller manages', async () => {
    const foreign = await addMember(app.deps.db, otherItemId, u.ed, 1);
    const res = await app.call('member/delete', { item_id: itemId, item_member_id: foreign }, { token: u.owner.user_token });
    expect(res.error_code).toBe(10101);
    expect((await memberRows(otherItemId)).length).toBe(1);
  });

  it('keeps manage-rights members out of reach of other managers', async () => {
    const [xia] = (await memberRows()).filter((r) => r.uid === u.xia.uid);
    const res = await app.call('member/delete', { item_id: itemId, item_member_id: xia.itemMemberId }, { token: u.mgr.user_token });
    expect(res.error_code).toBe(10303);
    expect((await memberRows()).some((r) => r.uid === u.xia.uid)).toBe(true);
  });

  it('revokes access on the next request and tells the realtime gateway', async () => {
    const seen: { itemId: number; uids?: number[] }[] = [];
    const off = app.deps.events.on('item.accessChanged', (e) => seen.push(e));
    // the manager member can list members…
    expect((await app.call('member/getList', { item_id: itemId }, { token: u.mgr.user_token })).error_code).toBe(0);
    const [mgr] = (await memberRows()).filter((r) => r.uid === u.mgr.uid);
    const res = await app.call('member/delete', { item_id: itemId, item_member_id: mgr.itemMemberId }, { token: u.owner.user_token });
    expect(res.error_code).toBe(0);
    off();
    expect(seen).toEqual([{ itemId, uids: [u.mgr.uid] }]);
    // …and is refused on the very next request
    expect((await app.call('member/getList', { item_id: itemId }, { token: u.mgr.user_token })).error_code).toBe(10303);
    const item = (await findItem(app.deps.db, itemId))!;
    const access = await accessForViewer(app.deps, { uid: u.mgr.uid, isAdmin: false } as any, item);
    expect(access.canVisit).toBe(false);
  });

  it('lets a manager remove an editor, and a missing id is a clear error', async () => {
    const [zed] = (await memberRows()).filter((r) => r.uid === u.zed.uid);
    await addMember(app.deps.db, itemId, u.mgr, 2);
    expect((await app.call('member/delete', { item_id: itemId, item_member_id: zed.itemMemberId }, { token: u.mgr.user_token })).error_code).toBe(0);
    const again = await app.call('member/delete', { item_id: itemId, item_member_id: zed.itemMemberId }, { token: u.mgr.user_token });
    expect(again.error_code).toBe(10101);
    expect(again.error_message).toBe('Member not found');
  });

  it('lets an admin remove any member, even one with manage rights', async () => {
    const id = await addMember(app.deps.db, itemId, u.yan, 2);
    expect((await app.call('member/delete', { item_id: itemId, item_member_id: id }, { token: u.admin.user_token })).error_code).toBe(0);
    expect((await memberRows()).some((r) => r.uid === u.yan.uid)).toBe(false);
  });

  it('removing and re-adding someone leaves one unread notice', async () => {
    const count = async () => (await app.deps.db.select().from(notices).where(and(eq(notices.toUid, u.zed.uid), eq(notices.isRead, 0)))).length;
    const before = await count();
    expect(before).toBe(1);
    for (let i = 0; i < 3; i++) {
      expect((await app.call('member/save', { item_id: itemId, username: 'm_zed', member_group_id: 0 }, { token: u.owner.user_token })).error_code).toBe(0);
      const [row] = (await memberRows()).filter((r) => r.uid === u.zed.uid);
      expect((await app.call('member/delete', { item_id: itemId, item_member_id: row.itemMemberId }, { token: u.owner.user_token })).error_code).toBe(0);
    }
    expect(await count()).toBe(1);
  });

  it('did not create notices for refused requests', async () => {
    const rows = await app.deps.db.select().from(notices).where(eq(notices.toUid, u.xia.uid));
    expect(rows.length).toBe(1);
  });
});

describe('member/getAllList and member/getMyAllList', () => {
  it('getAllList: the creator first, then members and team members, for editors and admins only', async () => {
    expect((await app.call('member/getAllList', { item_id: itemId })).error_code).toBe(10102);
    for (const r of ['stranger', 'ro'] as const) {
      expect((await app.call('member/getAllList', { item_id: itemId }, { token: u[r].user_token })).error_code, r).toBe(10301);
    }
    for (const r of ['ed', 'tm', 'mgr', 'owner', 'admin'] as const) {
      const res = await app.call('member/getAllList', { item_id: itemId }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(0);
      const names = res.data.map((p: any) => p.username);
      expect(names[0]).toBe('m_owner');
      expect(new Set(names)).toEqual(new Set(['m_owner', 'm_ro', 'm_ed', 'm_mgr', 'm_xia', 'm_tm']));
      expect(names.length).toBe(6);
    }
    expect((await app.call('member/getAllList', { item_id: 0 }, { token: u.stranger.user_token })).data).toEqual([]);
  });

  it('getMyAllList: people the caller added to their own items and teams', async () => {
    await app.call('user/updateInfo', { name: 'Eddie' }, { token: u.ed.user_token });
    const own = await app.call('member/getMyAllList', {}, { token: u.owner.user_token });
    expect(own.error_code).toBe(0);
    expect(new Set(own.data.map((p: any) => p.username))).toEqual(new Set(['m_ro', 'm_ed', 'm_mgr', 'm_xia', 'm_tm']));
    expect(own.data.find((p: any) => p.username === 'm_ed').username_name).toBe('m_ed(Eddie)');
    const other = await app.call('member/getMyAllList', {}, { token: u.stranger.user_token });
    expect(other.data.map((p: any) => p.username)).toEqual(['m_ed']);
    expect((await app.call('member/getMyAllList', {}, { token: u.ro.user_token })).data).toEqual([]);
    expect((await app.call('member/getMyAllList')).error_code).toBe(10102);
  });
});
