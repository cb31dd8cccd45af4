// /api/team/*, teamMember/*, teamItem/*, teamItemMember/*: who may do what (stranger, team
// member, team manager, team owner, item roles, admin); binding gives the team access; removing a
// member or unbinding takes it away on the very next request; transfer needs the owner's password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectSocket, emitAck, seedItem, until } from '../helpers/realtime';
import { catalogs, items, notices, teamItemMembers, teamItems, teamMembers, teams } from '../../server/db/schema';
import { accessForViewer } from '../../server/policies/request';
import { findItem } from '../../server/policies/load';

type U = { uid: number; user_token: string; username: string };

let app: TestApp;
const u: Record<string, U> = {};
let teamId: number;
let itemA: number; // the owner's private item, bound to the team
let itemB: number; // someone else's item
let itemC: number; // another item of the owner
let topA: number;
let subA: number;

const access = async (who: U, itemId: number) => accessForViewer(app.deps, { uid: who.uid, isAdmin: false } as any, (await findItem(app.deps.db, itemId))!);
const teamRow = async () => (await app.deps.db.select().from(teams).where(eq(teams.id, teamId)))[0];
const tmRows = () => app.deps.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
const timRows = (itemId = itemA) => app.deps.db.select().from(teamItemMembers).where(and(eq(teamItemMembers.teamId, teamId), eq(teamItemMembers.itemId, itemId)));
const bindings = () => app.deps.db.select().from(teamItems).where(eq(teamItems.teamId, teamId));

function recordAccessChanges() {
  const seen: { itemId: number; uids?: number[] }[] = [];
  const off = app.deps.events.on('item.accessChanged', (e) => seen.push(e));
  return { seen, off };
}

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  // the first account of an empty database is an administrator
  for (const name of ['admin', 'owner', 'tmgr', 'tmem', 'stranger', 'newbie', 'heir', 'imgr', 'ed', 'late']) u[name] = await app.register(`t_${name}`);
  itemA = await seedItem(app.deps.db, u.owner, { itemName: 'Team item <A>', password: 'pw' });
  itemB = await seedItem(app.deps.db, u.stranger, { itemName: 'Foreign', password: 'pw' });
  itemC = await seedItem(app.deps.db, u.owner, { itemName: 'Second' });
  await addMember(app.deps.db, itemA, u.imgr, 2);
  await addMember(app.deps.db, itemA, u.ed, 1);
  const [c] = await app.deps.db.insert(catalogs).values({ itemId: itemA, catName: 'Top A', level: 2 }).returning();
  topA = c.catId;
  const [s] = await app.deps.db.insert(catalogs).values({ itemId: itemA, catName: 'Sub A', level: 3, parentCatId: topA }).returning();
  subA = s.catId;
}, 180_000);
afterAll(() => app.close());

describe('team/save and team/getList', () => {
  it('creates a team for any logged-in user and refuses bad names', async () => {
    expect((await app.call('team/save', { team_name: 'Nope' })).error_code).toBe(10102);
    const empty = await app.call('team/save', { team_name: '  ' }, { token: u.owner.user_token });
    expect(empty.error_code).toBe(10101);
    expect(empty.error_message).toMatch(/team_name/);
    expect((await app.call('team/save', { team_name: 'x'.repeat(101) }, { token: u.owner.user_token })).error_code).toBe(10101);
    expect(await app.deps.db.select().from(teams)).toEqual([]);
    const res = await app.call('team/save', { team_name: 'Writers' }, { token: u.owner.user_token });
    expect(res.error_code).toBe(0);
    // ShowDoc's types: the team row's ids as text
    expect(res.data).toMatchObject({ team_name: 'Writers', uid: String(u.owner.uid), username: 't_owner' });
    expect(res.data.id).toMatch(/^\d+$/);
    teamId = Number(res.data.id);
  });

  it('adds members (only the owner makes team managers) with notices', async () => {
    const byOwner = await app.call('teamMember/save', { team_id: teamId, member_username: 't_tmgr', team_member_group_id: 2 }, { token: u.owner.user_token });
    expect(byOwner.error_code).toBe(0);
    expect(byOwner.data).toMatchObject({ member_username: 't_tmgr', team_member_group_id: '2', member_uid: String(u.tmgr.uid) });
    // a team manager may add members but not managers
    const mgrMakesMgr = await app.call('teamMember/save', { team_id: teamId, member_username: 't_tmem', team_member_group_id: 2 }, { token: u.tmgr.user_token });
    expect(mgrMakesMgr.error_code).toBe(10103);
    const byMgr = await app.call('teamMember/save', { team_id: teamId, member_username: 't_tmem' }, { token: u.tmgr.user_token });
    expect(byMgr.error_code).toBe(0);
    expect(byMgr.data.team_member_group_id).toBe('1');
    const [n] = await app.deps.db.select().from(notices).where(and(eq(notices.toUid, u.tmem.uid), eq(notices.noticeType, 'team_added')));
    expect(n.noticeTitle).toBe('You were added to a team');
  });

  it('refuses members for strangers and plain members; bad names store nothing', async () => {
    const before = await tmRows();
    for (const r of ['stranger', 'tmem'] as const) {
      const res = await app.call('teamMember/save', { team_id: teamId, member_username: 't_late' }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(10103);
    }
    const unknown = await app.call('teamMember/save', { team_id: teamId, member_username: 't_late,ghost' }, { token: u.owner.user_token });
    expect(unknown.error_code).toBe(10209);
    const dup = await app.call('teamMember/save', { team_id: teamId, member_username: 't_tmem,t_owner' }, { token: u.owner.user_token });
    expect(dup.error_code).toBe(10101);
    const badGroup = await app.call('teamMember/save', { team_id: teamId, member_username: 't_late', team_member_group_id: 7 }, { token: u.owner.user_token });
    expect(badGroup.error_code).toBe(10101);
    expect(await tmRows()).toEqual(before);
  });

  it('lists teams owned or joined, with counts and the caller’s role', async () => {
    const own = await app.call('team/getList', {}, { token: u.owner.user_token });
    expect(own.data).toEqual([expect.objectContaining({ id: String(teamId), team_name: 'Writers', memberCount: 2, itemCount: 0, team_manage: 1, is_owner: 1 })]);
    const mem = await app.call('team/getList', {}, { token: u.tmem.user_token });
    expect(mem.data).toEqual([expect.objectContaining({ id: String(teamId), team_manage: 0, team_member_group_id: 1 })]);
    const mgr = await app.call('team/getList', {}, { token: u.tmgr.user_token });
    expect(mgr.data[0].team_manage).toBe(1);
    expect((await app.call('team/getList', {}, { token: u.stranger.user_token })).data).toEqual([]);
    expect((await app.call('team/getList')).error_code).toBe(10102);
  });

  it('renames only for team managers, the owner and admins', async () => {
    for (const r of ['stranger', 'tmem'] as const) {
      expect((await app.call('team/save', { id: teamId, team_name: 'Hijack' }, { token: u[r].user_token })).error_code, r).toBe(10103);
    }
    expect((await teamRow()).teamName).toBe('Writers');
    for (const r of ['tmgr', 'owner', 'admin'] as const) {
      const res = await app.call('team/save', { id: teamId, team_name: `Writers ${r}` }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(0);
      expect((await teamRow()).teamName).toBe(`Writers ${r}`);
    }
    expect((await app.call('team/save', { id: 999999, team_name: 'x' }, { token: u.owner.user_token })).error_code).toBe(10103);
  });

  it('lists team members to members and managers only', async () => {
    expect((await app.call('teamMember/getList', { team_id: teamId }, { token: u.stranger.user_token })).error_code).toBe(10103);
    for (const r of ['tmem', 'tmgr', 'owner', 'admin'] as const) {
      const res = await app.call('teamMember/getList', { team_id: teamId }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(0);
      expect(res.data.map((m: any) => m.member_username)).toEqual(['t_tmgr', 't_tmem']);
    }
  });
});

describe('teamItem/*', () => {
  it('binds only with manage rights on the team and on each item', async () => {
    const cases: [string, unknown, number][] = [
      ['stranger', itemA, 10103],
      ['tmem', itemA, 10103],
      ['imgr', itemA, 10103], // manages the item, not the team
      ['tmgr', itemA, 10303], // manages the team, not the item
      ['owner', itemB, 10303], // someone else's item
      ['owner', `${itemC},${itemB}`, 10303], // one refused item refuses all
      ['owner', 'abc', 10101],
      ['owner', 999999, 10101],
    ];
    for (const [who, item, code] of cases) {
      const res = await app.call('teamItem/save', { team_id: teamId, item_id: item }, { token: u[who].user_token });
      expect(res.error_code, `${who} ${item}`).toBe(code);
    }
    expect(await bindings()).toEqual([]);
    expect(await app.deps.db.select().from(teamItemMembers)).toEqual([]);
  });

  it('binding gives every team member edit access to the (private) item', async () => {
    expect((await access(u.tmem, itemA)).canVisit).toBe(false);
    const res = await app.call('teamItem/save', { team_id: teamId, item_id: itemA }, { token: u.owner.user_token });
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ team_id: String(teamId), item_id: String(itemA) });
    const rows = await timRows();
    expect(rows.map((r) => [r.memberUid, r.memberGroupId]).sort()).toEqual([[u.tmgr.uid, 1], [u.tmem.uid, 1]].sort());
    const a = await access(u.tmem, itemA);
    expect(a.canVisit && a.canEdit && !a.canManage).toBe(true);
    const [n] = await app.deps.db.select().from(notices).where(and(eq(notices.toUid, u.tmem.uid), eq(notices.objectType, 'item')));
    expect(n.noticeTitle).toBe('An item was shared with your team');
    expect(n.noticeContent).toContain('Team item &lt;A&gt;');
    // binding again adds nothing
    const again = await app.call('teamItem/save', { team_id: teamId, item_id: itemA }, { token: u.owner.user_token });
    expect(again.error_code).toBe(10101);
  });

  it('a member added later gets the bound items too', async () => {
    expect((await app.call('teamMember/save', { team_id: teamId, member_username: 't_newbie' }, { token: u.owner.user_token })).error_code).toBe(0);
    expect((await access(u.newbie, itemA)).canEdit).toBe(true);
  });

  it('teamItem/getList answers the item managers only', async () => {
    expect((await app.call('teamItem/getList', { item_id: itemA })).error_code).toBe(10102);
    for (const r of ['stranger', 'tmem', 'tmgr', 'ed'] as const) {
      expect((await app.call('teamItem/getList', { item_id: itemA }, { token: u[r].user_token })).error_code, r).toBe(10303);
    }
    for (const r of ['imgr', 'owner', 'admin'] as const) {
      const res = await app.call('teamItem/getList', { item_id: itemA }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(0);
      expect(res.data).toEqual([expect.objectContaining({ team_id: String(teamId), item_id: String(itemA), team_name: 'Writers admin', memberCount: 3 })]);
    }
  });

  it('teamItem/getListByTeam answers team members and managers', async () => {
    expect((await app.call('teamItem/getListByTeam', { team_id: teamId }, { token: u.stranger.user_token })).error_code).toBe(10103);
    expect((await app.call('teamItem/getListByTeam', { team_id: teamId }, { token: u.imgr.user_token })).error_code).toBe(10103);
    for (const r of ['tmem', 'tmgr', 'owner', 'admin'] as const) {
      const res = await app.call('teamItem/getListByTeam', { team_id: teamId }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(0);
      expect(res.data).toEqual([expect.objectContaining({ item_id: String(itemA), item_name: 'Team item <A>' })]);
    }
  });
});

describe('teamItemMember/*', () => {
  it('lists to team managers and item managers only', async () => {
    for (const r of ['stranger', 'tmem', 'ed'] as const) {
      expect((await app.call('teamItemMember/getList', { item_id: itemA, team_id: teamId }, { token: u[r].user_token })).error_code, r).toBe(10103);
    }
    for (const r of ['tmgr', 'imgr', 'owner', 'admin'] as const) {
      const res = await app.call('teamItemMember/getList', { item_id: itemA, team_id: teamId }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(0);
      expect(res.data.map((m: any) => m.member_username).sort()).toEqual(['t_newbie', 't_tmem', 't_tmgr']);
      expect(res.data[0]).toMatchObject({ member_group_id: '1', cat_id: '0', cat_ids: [] });
    }
    // a team not bound to that item
    expect((await app.call('teamItemMember/getList', { item_id: itemC, team_id: teamId }, { token: u.owner.user_token })).error_code).toBe(10103);
  });

  it('changes only the given fields, for the right people', async () => {
    const [row] = (await timRows()).filter((r) => r.memberUid === u.tmem.uid);
    for (const r of ['stranger', 'tmem', 'ed'] as const) {
      expect((await app.call('teamItemMember/save', { id: row.id, member_group_id: 0 }, { token: u[r].user_token })).error_code, r).toBe(10103);
    }
    // a team manager cannot hand out manage rights on an item they do not own
    expect((await app.call('teamItemMember/save', { id: row.id, member_group_id: 2 }, { token: u.tmgr.user_token })).error_code).toBe(10303);
    expect((await app.call('teamItemMember/save', { id: row.id, cat_id: subA }, { token: u.tmgr.user_token })).error_code).toBe(10101);
    expect((await app.call('teamItemMember/save', { id: row.id, member_group_id: 9 }, { token: u.tmgr.user_token })).error_code).toBe(10101);
    expect((await timRows()).find((r) => r.id === row.id)).toEqual(row);

    const { seen, off } = recordAccessChanges();
    const limited = await app.call('teamItemMember/save', { id: row.id, cat_id: topA }, { token: u.tmgr.user_token });
    off();
    expect(limited.error_code).toBe(0);
    expect(limited.data).toMatchObject({ member_group_id: '1', cat_id: String(topA), cat_ids: [topA], cat_name: 'Top A' });
    expect(seen).toEqual([{ itemId: itemA, uids: [u.tmem.uid] }]);
    expect((await access(u.tmem, itemA)).catIds).toEqual([topA]);
    // empty fields change nothing
    const blank = await app.call('teamItemMember/save', { id: row.id, member_group_id: '', cat_ids: '' }, { token: u.tmgr.user_token });
    expect(blank.data).toMatchObject({ member_group_id: '1', cat_id: String(topA) });
    const ro = await app.call('teamItemMember/save', { id: row.id, member_group_id: 0 }, { token: u.imgr.user_token });
    expect(ro.data).toMatchObject({ member_group_id: '0', cat_id: String(topA) });
    expect((await access(u.tmem, itemA)).canEdit).toBe(false);
    const mgr = await app.call('teamItemMember/save', { id: row.id, member_group_id: 2, cat_id: 0 }, { token: u.owner.user_token });
    expect(mgr.data).toMatchObject({ member_group_id: '2', cat_id: '0', cat_ids: [] });
    expect((await access(u.tmem, itemA)).canManage).toBe(true);
  });
});

describe('access is revoked on the next request', () => {
  it('removing a team member', async () => {
    // tmem manages itemA through the team: the member list answers
    expect((await app.call('member/getList', { item_id: itemA }, { token: u.tmem.user_token })).error_code).toBe(0);
    const [row] = (await tmRows()).filter((r) => r.memberUid === u.tmem.uid);
    for (const r of ['stranger', 'tmem', 'imgr'] as const) {
      expect((await app.call('teamMember/delete', { id: row.id }, { token: u[r].user_token })).error_code, r).toBe(10103);
    }
    // team managers are removed by the owner only
    const [mgrRow] = (await tmRows()).filter((r) => r.memberUid === u.tmgr.uid);
    expect((await app.call('teamMember/delete', { id: mgrRow.id }, { token: u.tmgr.user_token })).error_code).toBe(0);
    await app.deps.db.insert(teamMembers).values({ ...mgrRow, id: undefined });
    await app.deps.db.insert(teamItemMembers).values({ teamId, itemId: itemA, memberUid: u.tmgr.uid, memberUsername: u.tmgr.username, memberGroupId: 1 });
    expect((await tmRows()).length).toBe(3);

    const { seen, off } = recordAccessChanges();
    const res = await app.call('teamMember/delete', { id: row.id }, { token: u.tmgr.user_token });
    off();
    expect(res.error_code).toBe(0);
    expect(seen).toEqual([{ itemId: itemA, uids: [u.tmem.uid] }]);
    expect((await app.call('member/getList', { item_id: itemA }, { token: u.tmem.user_token })).error_code).toBe(10303);
    expect((await access(u.tmem, itemA)).canVisit).toBe(false);
    expect((await timRows()).some((r) => r.memberUid === u.tmem.uid)).toBe(false);
  });

  it('unbinding an item (live sockets included)', async () => {
    expect((await access(u.newbie, itemA)).canVisit).toBe(true);
    const socket = await connectSocket(app.url, u.newbie.user_token);
    expect(await emitAck(socket, 'item:join', { item_id: itemA })).toMatchObject({ ok: true });
    const revoked: any[] = [];
    socket.on('access:revoked', (r) => revoked.push(r));
    const [binding] = await bindings();
    for (const r of ['stranger', 'newbie', 'ed'] as const) {
      expect((await app.call('teamItem/delete', { id: binding.id }, { token: u[r].user_token })).error_code, r).toBe(10103);
    }
    expect((await bindings()).length).toBe(1);
    const { seen, off } = recordAccessChanges();
    const res = await app.call('teamItem/delete', { id: binding.id }, { token: u.imgr.user_token });
    off();
    expect(res.error_code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0].uids!.sort()).toEqual([u.tmgr.uid, u.newbie.uid].sort());
    expect((await access(u.newbie, itemA)).canVisit).toBe(false);
    expect(await timRows()).toEqual([]);
    expect((await app.call('teamItem/getListByTeam', { team_id: teamId }, { token: u.newbie.user_token })).data).toEqual([]);
    await until(() => revoked.length === 1, 'socket dropped from the item room', 2000);
    expect(revoked[0]).toMatchObject({ item_id: itemA });
    expect(await emitAck(socket, 'item:join', { item_id: itemA })).toMatchObject({ ok: false });
    socket.close();
  });

  it('leaving a team', async () => {
    expect((await app.call('teamItem/save', { team_id: teamId, item_id: `${itemA},${itemC}` }, { token: u.owner.user_token })).error_code).toBe(0);
    expect((await access(u.newbie, itemA)).canVisit).toBe(true);
    expect((await app.call('team/exitTeam', { team_id: teamId }, { token: u.stranger.user_token })).error_code).toBe(10103);
    expect((await app.call('team/exitTeam', { team_id: teamId }, { token: u.newbie.user_token })).error_code).toBe(0);
    expect((await access(u.newbie, itemA)).canVisit).toBe(false);
    expect((await app.call('team/exitTeam', { team_id: teamId }, { token: u.owner.user_token })).error_code).toBe(10101);
  });
});

describe('team/attorn', () => {
  it('is for the owner only and needs the owner’s own password', async () => {
    const before = await teamRow();
    for (const r of ['stranger', 'tmgr'] as const) {
      const res = await app.call('team/attorn', { team_id: teamId, username: 't_heir', password: 'secret-pass-1' }, { token: u[r].user_token });
      expect(res.error_code, r).toBe(10103);
    }
    const wrong = await app.call('team/attorn', { team_id: teamId, username: 't_heir', password: 'not-it' }, { token: u.owner.user_token });
    expect(wrong.error_code).toBe(10208);
    const none = await app.call('team/attorn', { team_id: teamId, username: 't_heir' }, { token: u.owner.user_token });
    expect(none.error_code).toBe(10208);
    const ghost = await app.call('team/attorn', { team_id: teamId, username: 'ghost', password: 'secret-pass-1' }, { token: u.owner.user_token });
    expect(ghost.error_code).toBe(10209);
    expect(await teamRow()).toEqual(before);
    const [item] = await app.deps.db.select().from(items).where(eq(items.itemId, itemA));
    expect(item.uid).toBe(u.owner.uid);
  });

  it('moves the team and the owner’s bound items to the new owner, with one notice', async () => {
    const attorned: unknown[] = [];
    const off = app.deps.events.on('item.attorned', (e) => attorned.push(e));
    const res = await app.call('team/attorn', { team_id: teamId, username: 't_heir', password: 'secret-pass-1' }, { token: u.owner.user_token });
    off();
    expect(res.error_code).toBe(0);
    expect(res.data).toMatchObject({ id: String(teamId), uid: String(u.heir.uid), username: 't_heir' });
    const moved = await app.deps.db.select().from(items).where(eq(items.uid, u.heir.uid));
    expect(moved.map((i) => i.itemId).sort()).toEqual([itemA, itemC].sort());
    expect(attorned).toHaveLength(2);
    expect((await access(u.owner, itemA)).canVisit).toBe(false);
    expect((await access(u.heir, itemA)).isOwner).toBe(true);
    // give the asynchronous subscribers a moment: the per-item notice is skipped for team transfers
    await new Promise((r) => setTimeout(r, 200));
    const heirNotices = await app.deps.db.select().from(notices).where(eq(notices.toUid, u.heir.uid));
    expect(heirNotices.map((n) => n.noticeType)).toEqual(['team_attorned']);
    expect(heirNotices[0].noticeContent).toContain('Team item &lt;A&gt;');
    const list = await app.call('team/getList', {}, { token: u.owner.user_token });
    expect(list.data).toEqual([]);
  });
});

describe('team/delete', () => {
  it('is for the owner (or an admin) and removes every grant', async () => {
    for (const r of ['stranger', 'tmgr', 'owner'] as const) {
      expect((await app.call('team/delete', { id: teamId }, { token: u[r].user_token })).error_code, r).toBe(10103);
    }
    expect(await teamRow()).toBeTruthy();
    expect((await access(u.tmgr, itemA)).canVisit).toBe(true);
    const { seen, off } = recordAccessChanges();
    expect((await app.call('team/delete', { id: teamId }, { token: u.heir.user_token })).error_code).toBe(0);
    off();
    expect(seen.map((s) => s.itemId).sort()).toEqual([itemA, itemC].sort());
    expect(await teamRow()).toBeUndefined();
    expect(await tmRows()).toEqual([]);
    expect(await bindings()).toEqual([]);
    expect((await access(u.tmgr, itemA)).canVisit).toBe(false);
  });

  it('admins may delete any team', async () => {
    const t = await app.call('team/save', { team_name: 'Temp' }, { token: u.stranger.user_token });
    expect((await app.call('team/delete', { id: t.data.id }, { token: u.admin.user_token })).error_code).toBe(0);
    expect(await app.deps.db.select().from(teams).where(eq(teams.id, t.data.id))).toEqual([]);
  });
});
