// Access-control attacks of security.md §1.3–§1.4 that the per-area suites do not walk as a whole:
// an IDOR sweep where an attacker names the victim's item/page/catalog/attachment/template/notice/
// team/member ids (alone, or next to ids of an item the attacker owns), cross-site and stored-link
// requests that only carry our cookie, and token confusion (URL token vs header vs cookie).
// Refused calls must change nothing (row triggers record every write); each case has a positive
// control proving the parameters were right, so a refusal is about rights, not a typo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, DEFAULT_PASSWORD, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeUser, type Actor } from '../helpers/fixtures';
import { attachmentPages, attachments, catalogs, mocks, notices, pageHistory, pages, recycle, teamItemMembers, teamItems, teamMembers, teams, templates, users } from '../../server/db/schema';
import { changeLogWritten } from '../../server/listeners/changeLog';

let app: TestApp;
let admin: Actor;
let victim: Actor;
let attacker: Actor;
let friend: Actor;

const VOLATILE = new Set(['throttles', 'captchas', 'sec_changes']);

async function rows<T = any>(q: ReturnType<typeof sql>): Promise<T[]> {
  const r: any = await app.deps.db.execute(q);
  return (r.rows ?? r) as T[];
}

/** tables written since the last call */
async function changes(): Promise<string[]> {
  // what the last request changed includes its change log entry, written just after the answer
  await changeLogWritten();
  const r = await rows<{ tbl: string }>(sql`delete from sec_changes returning tbl`);
  return [...new Set(r.map((x) => x.tbl))].sort();
}

interface VictimWorld {
  itemId: number;
  catId: number;
  pageId: number;
  deletedPageId: number;
  historyId: number;
  fileId: number;
  templateId: number;
  noticeId: number;
  teamId: number;
  teamMemberId: number;
  teamItemId: number;
  teamItemMemberId: number;
  itemMemberId: number;
}
let v: VictimWorld;
let mine: { itemId: number; catId: number; pageId: number; teamId: number };

const now = () => Math.floor(Date.now() / 1000);

async function buildVictim(): Promise<VictimWorld> {
  const db = app.deps.db;
  const b = await buildItem(app, victim, { name: 'Victim item', password: 'victim-item-pw', catalogs: [{ name: 'Secret', pages: ['Secret page', 'Gone page'] }] });
  const pageId = b.pages['Secret page'];
  const deletedPageId = b.pages['Gone page'];
  await db.update(pages).set({ isDel: 1 }).where(eq(pages.pageId, deletedPageId));
  await db.insert(recycle).values({ itemId: b.itemId, pageId: deletedPageId, pageTitle: 'Gone page', delByUid: victim.uid, delByUsername: victim.username, delTime: now() });
  const [h] = await db
    .insert(pageHistory)
    .values({ pageId, itemId: b.itemId, catId: b.cats.Secret, pageTitle: 'Secret page', pageContent: 'old secret', authorUid: victim.uid, authorUsername: victim.username, addtime: now() })
    .returning();
  const [file] = await db
    .insert(attachments)
    .values({ sign: 'f'.repeat(32), displayName: 'secret.png', fileType: 'image/png', fileSize: 1, storageDriver: 'local', storageKey: 'nope', uid: victim.uid, itemId: b.itemId, pageId, addtime: now() })
    .returning();
  await db.insert(attachmentPages).values({ fileId: file.fileId, pageId, itemId: b.itemId, addtime: now() });
  const [tpl] = await db.insert(templates).values({ uid: victim.uid, username: victim.username, templateTitle: 'Victim template', templateContent: 'x', addtime: now() }).returning();
  const [notice] = await db.insert(notices).values({ toUid: victim.uid, noticeTitle: 'Victim notice', noticeTime: now() }).returning();
  const [team] = await db.insert(teams).values({ teamName: 'Victim team', uid: victim.uid, username: victim.username, addtime: now() }).returning();
  const [tm] = await db.insert(teamMembers).values({ teamId: team.id, memberUid: friend.uid, memberUsername: friend.username, addtime: now() }).returning();
  const [ti] = await db.insert(teamItems).values({ teamId: team.id, itemId: b.itemId, addtime: now() }).returning();
  const [tim] = await db
    .insert(teamItemMembers)
    .values({ teamId: team.id, itemId: b.itemId, memberUid: friend.uid, memberUsername: friend.username, memberGroupId: 0, addtime: now() })
    .returning();
  await addMember(app, b.itemId, friend, 0);
  const [im] = await rows<{ id: number }>(sql`select item_member_id as id from item_members where item_id = ${b.itemId} and uid = ${friend.uid}`);
  await db.insert(mocks).values({ uniqueKey: `victimmock${b.itemId}`, uid: victim.uid, pageId, itemId: b.itemId, template: '{"a":1}', path: '/v', addtime: now(), lastUpdateTime: now() });
  return {
    itemId: b.itemId,
    catId: b.cats.Secret,
    pageId,
    deletedPageId,
    historyId: h.pageHistoryId,
    fileId: file.fileId,
    templateId: tpl.id,
    noticeId: notice.noticeId,
    teamId: team.id,
    teamMemberId: tm.id,
    teamItemId: ti.id,
    teamItemMemberId: tim.id,
    itemMemberId: im.id,
  };
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await makeUser(app, 'sec_admin');
  victim = await makeUser(app, 'sec_victim');
  attacker = await makeUser(app, 'sec_attacker');
  friend = await makeUser(app, 'sec_friend');
  const [a] = await app.deps.db.select().from(users).where(eq(users.uid, admin.uid));
  expect(a.groupid).toBe(1);
  v = await buildVictim();
  const b = await buildItem(app, attacker, { name: 'Attacker item', catalogs: [{ name: 'Mine', pages: ['My page'] }] });
  const [team] = await app.deps.db.insert(teams).values({ teamName: 'Attacker team', uid: attacker.uid, username: attacker.username, addtime: now() }).returning();
  mine = { itemId: b.itemId, catId: b.cats.Mine, pageId: b.pages['My page'], teamId: team.id };

  const tables = await rows<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  await app.deps.db.execute(sql.raw(`create table sec_changes (tbl text not null)`));
  await app.deps.db.execute(sql.raw(`create function sec_log() returns trigger language plpgsql as $$ begin insert into sec_changes values (TG_TABLE_NAME); return null; end $$`));
  for (const t of tables.map((x) => x.table_name).filter((x) => !VOLATILE.has(x))) {
    await app.deps.db.execute(sql.raw(`create trigger sec_${t} after insert or update or delete on "${t}" for each row execute function sec_log()`));
  }
}, 120_000);
afterAll(() => app?.close());

interface Case {
  route: string;
  /** the attacker's request */
  attack: () => Record<string, unknown>;
  /** the same request made by the rightful user succeeds (proves the parameter names) */
  control?: { token: () => string; params: () => Record<string, unknown> };
}

const victimTok = () => victim.token;
const CASES: Case[] = [
  // items
  { route: 'item/info', attack: () => ({ item_id: v.itemId }), control: { token: victimTok, params: () => ({ item_id: v.itemId }) } },
  { route: 'item/detail', attack: () => ({ item_id: v.itemId }), control: { token: victimTok, params: () => ({ item_id: v.itemId }) } },
  { route: 'item/update', attack: () => ({ item_id: v.itemId, item_name: 'pwned' }), control: { token: victimTok, params: () => ({ item_id: v.itemId, item_name: 'Victim item' }) } },
  { route: 'item/delete', attack: () => ({ item_id: v.itemId, password: DEFAULT_PASSWORD }) },
  { route: 'item/archive', attack: () => ({ item_id: v.itemId, password: DEFAULT_PASSWORD }) },
  { route: 'item/attorn', attack: () => ({ item_id: v.itemId, username: attacker.username, password: DEFAULT_PASSWORD }) },
  { route: 'item/getKey', attack: () => ({ item_id: v.itemId }), control: { token: victimTok, params: () => ({ item_id: v.itemId }) } },
  { route: 'item/resetKey', attack: () => ({ item_id: v.itemId }) },
  { route: 'item/exitItem', attack: () => ({ item_id: v.itemId }) },
  { route: 'item/search', attack: () => ({ item_id: v.itemId, keyword: 'secret' }), control: { token: victimTok, params: () => ({ item_id: v.itemId, keyword: 'secret' }) } },
  { route: 'item/add', attack: () => ({ item_name: 'copy', copy_item_id: v.itemId }) },
  // catalogs: the victim's catalog next to the attacker's own item
  { route: 'catalog/catListGroup', attack: () => ({ item_id: v.itemId }), control: { token: victimTok, params: () => ({ item_id: v.itemId }) } },
  { route: 'catalog/getPagesBycat', attack: () => ({ item_id: mine.itemId, cat_id: v.catId }), control: { token: victimTok, params: () => ({ item_id: v.itemId, cat_id: v.catId }) } },
  { route: 'catalog/save', attack: () => ({ item_id: mine.itemId, cat_id: v.catId, cat_name: 'pwned' }), control: { token: victimTok, params: () => ({ item_id: v.itemId, cat_id: v.catId, cat_name: 'Secret' }) } },
  { route: 'catalog/save', attack: () => ({ item_id: mine.itemId, parent_cat_id: v.catId, cat_name: 'implant' }) },
  { route: 'catalog/delete', attack: () => ({ item_id: mine.itemId, cat_id: v.catId }) },
  { route: 'catalog/copy', attack: () => ({ cat_id: v.catId, to_item_id: mine.itemId }) },
  { route: 'catalog/copy', attack: () => ({ cat_id: mine.catId, to_item_id: v.itemId }) },
  { route: 'catalog/batUpdate', attack: () => ({ item_id: mine.itemId, cats: JSON.stringify([{ cat_id: v.catId, s_number: 1, parent_cat_id: 0, level: 2 }]) }) },
  // pages
  { route: 'page/info', attack: () => ({ page_id: v.pageId }), control: { token: victimTok, params: () => ({ page_id: v.pageId }) } },
  { route: 'page/save', attack: () => ({ item_id: mine.itemId, page_id: v.pageId, page_title: 'pwned', page_content: 'pwned', cat_id: mine.catId }) },
  { route: 'page/save', attack: () => ({ item_id: mine.itemId, page_title: 'implant', page_content: 'x', cat_id: v.catId }) },
  { route: 'page/history', attack: () => ({ page_id: v.pageId }), control: { token: victimTok, params: () => ({ page_id: v.pageId }) } },
  { route: 'page/diff', attack: () => ({ page_id: mine.pageId, page_history_id: v.historyId }) },
  { route: 'page/diff', attack: () => ({ page_id: v.pageId, page_history_id: v.historyId }), control: { token: victimTok, params: () => ({ page_id: v.pageId, page_history_id: v.historyId }) } },
  { route: 'page/updateHistoryComments', attack: () => ({ page_id: mine.pageId, page_history_id: v.historyId, page_comments: 'pwned' }) },
  { route: 'page/delete', attack: () => ({ item_id: mine.itemId, page_id: v.pageId }) },
  { route: 'page/sort', attack: () => ({ item_id: mine.itemId, pages: JSON.stringify({ [v.pageId]: 1 }) }) },
  { route: 'page/setLock', attack: () => ({ item_id: mine.itemId, page_id: v.pageId }) },
  { route: 'page/createSinglePage', attack: () => ({ page_id: v.pageId }) },
  { route: 'page/uploadList', attack: () => ({ page_id: v.pageId }), control: { token: victimTok, params: () => ({ page_id: v.pageId }) } },
  { route: 'page/deleteUploadFile', attack: () => ({ page_id: mine.pageId, file_id: v.fileId }) },
  { route: 'page/deleteUploadFile', attack: () => ({ page_id: v.pageId, file_id: v.fileId }) },
  { route: 'attachment/bindingPage', attack: () => ({ file_id: v.fileId, page_id: mine.pageId }) },
  { route: 'attachment/deleteMyAttachment', attack: () => ({ file_id: v.fileId }) },
  { route: 'recycle/getList', attack: () => ({ item_id: v.itemId }), control: { token: victimTok, params: () => ({ item_id: v.itemId }) } },
  { route: 'recycle/recover', attack: () => ({ item_id: mine.itemId, page_id: v.deletedPageId }) },
  { route: 'mock/add', attack: () => ({ page_id: v.pageId, template: '{"a":2}', path: '/v' }) },
  { route: 'mock/infoByPageId', attack: () => ({ page_id: v.pageId }), control: { token: victimTok, params: () => ({ page_id: v.pageId }) } },
  // templates and notices belong to one user
  { route: 'template/save', attack: () => ({ id: v.templateId, template_title: 'pwned', template_content: 'x' }) },
  { route: 'template/delete', attack: () => ({ id: v.templateId }) },
  { route: 'notice/setRead', attack: () => ({ notice_id: v.noticeId }) },
  { route: 'notice/delete', attack: () => ({ notice_id: v.noticeId }) },
  // members and teams
  { route: 'member/getList', attack: () => ({ item_id: v.itemId }), control: { token: victimTok, params: () => ({ item_id: v.itemId }) } },
  { route: 'member/save', attack: () => ({ item_id: v.itemId, username: attacker.username, member_group_id: 2 }) },
  { route: 'member/delete', attack: () => ({ item_id: mine.itemId, item_member_id: v.itemMemberId }) },
  { route: 'member/update', attack: () => ({ item_id: mine.itemId, item_member_id: v.itemMemberId, member_group_id: 2 }) },
  { route: 'member/update', attack: () => ({ item_id: v.itemId, item_member_id: v.itemMemberId, member_group_id: 2 }) },
  { route: 'team/save', attack: () => ({ id: v.teamId, team_name: 'pwned' }), control: { token: victimTok, params: () => ({ id: v.teamId, team_name: 'Victim team' }) } },
  { route: 'team/delete', attack: () => ({ id: v.teamId }) },
  { route: 'team/attorn', attack: () => ({ team_id: v.teamId, username: attacker.username, password: DEFAULT_PASSWORD }) },
  { route: 'teamMember/getList', attack: () => ({ team_id: v.teamId }), control: { token: victimTok, params: () => ({ team_id: v.teamId }) } },
  // the 2018 CSRF PoC's request, made directly by a stranger
  { route: 'teamMember/save', attack: () => ({ team_id: v.teamId, member_username: attacker.username }) },
  { route: 'teamMember/delete', attack: () => ({ id: v.teamMemberId }) },
  { route: 'teamItem/save', attack: () => ({ team_id: mine.teamId, item_id: v.itemId }) },
  { route: 'teamItem/delete', attack: () => ({ id: v.teamItemId }) },
  { route: 'teamItem/getList', attack: () => ({ item_id: v.itemId }), control: { token: victimTok, params: () => ({ item_id: v.itemId }) } },
  { route: 'teamItem/getListByTeam', attack: () => ({ team_id: v.teamId }), control: { token: victimTok, params: () => ({ team_id: v.teamId }) } },
  { route: 'teamItemMember/getList', attack: () => ({ team_id: v.teamId, item_id: v.itemId }), control: { token: victimTok, params: () => ({ team_id: v.teamId, item_id: v.itemId }) } },
  { route: 'teamItemMember/save', attack: () => ({ id: v.teamItemMemberId, member_group_id: 2 }) },
];

describe('IDOR sweep: the attacker names the victim’s ids', () => {
  it('every request is refused, says nothing of the victim’s data and changes nothing; the victim’s own request works', async () => {
    const failures: string[] = [];
    await changes();
    for (const c of CASES) {
      const params = c.attack();
      const r = await app.call(c.route, params, { token: attacker.token });
      const changed = await changes();
      const label = `${c.route} ${JSON.stringify(params)}`;
      if (r.error_code === 0) failures.push(`${label}: accepted ${JSON.stringify(r.data).slice(0, 200)}`);
      if (changed.length) failures.push(`${label}: changed ${changed.join(',')}`);
      const text = JSON.stringify(r);
      if (/old secret|Content of Secret page|secret\.png|Victim template|Victim notice/.test(text)) failures.push(`${label}: leaked ${text.slice(0, 200)}`);
      if (c.control) {
        const ok = await app.call(c.route, c.control.params(), { token: c.control.token() });
        await changes();
        if (ok.error_code !== 0) failures.push(`${label}: control failed ${ok.error_code} ${ok.error_message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('anonymous callers get the same refusals', async () => {
    const failures: string[] = [];
    await changes();
    for (const c of CASES) {
      const r = await app.call(c.route, c.attack());
      const changed = await changes();
      if (r.error_code === 0) failures.push(`${c.route}: accepted`);
      if (changed.length) failures.push(`${c.route}: changed ${changed.join(',')}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('cookie-only requests another site (or stored content) triggers', () => {
  const cookie = () => `cookie_token=${victim.token}`;

  it('cross-site POSTs that change data act as nobody: nothing stored', async () => {
    await changes();
    const crossSite: Record<string, string>[] = [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'https://evil.example' }, { Origin: 'null' }];
    for (const headers of crossSite) {
      const team = await app.call('teamMember/save', { team_id: v.teamId, member_username: attacker.username }, { cookie: cookie(), headers });
      expect(team.error_code, JSON.stringify(headers)).toBe(10102);
      const tpl = await app.call('template/save', { template_title: 'csrf', template_content: 'x' }, { cookie: cookie(), headers });
      expect(tpl.error_code).toBe(10102);
      const del = await app.call('template/delete', { id: v.templateId }, { cookie: cookie(), headers });
      expect(del.error_code).toBe(10102);
    }
    expect(await changes()).toEqual([]);
    // the same requests from our own pages work
    const same = await app.call('template/save', { template_title: 'mine', template_content: 'x' }, { cookie: cookie(), headers: { 'Sec-Fetch-Site': 'same-origin', Origin: app.url } });
    expect(same.error_code).toBe(0);
    await changes();
  });

  it('a URL in stored content (<img src>, a link) never changes data with the reader’s cookie', async () => {
    await changes();
    for (const dest of ['image', 'document', 'iframe', 'script']) {
      const res = await app.fetch(`/api/template/delete?id=${v.templateId}`, {
        headers: { Cookie: cookie(), 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': dest, 'Sec-Fetch-Mode': dest === 'document' ? 'navigate' : 'no-cors' },
      });
      expect((await res.json()).error_code, dest).toBe(10102);
      const legacy = await app.fetch(`/server/index.php?s=/api/page/delete&page_id=${v.pageId}&item_id=${v.itemId}`, {
        headers: { Cookie: cookie(), 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': dest },
      });
      expect((await legacy.json()).error_code).toBe(10102);
    }
    expect(await changes()).toEqual([]);
    const [tpl] = await app.deps.db.select().from(templates).where(eq(templates.id, v.templateId));
    expect(tpl).toBeDefined();
    // our client calls with POST from its own origin; the cookie acts there, never on a GET
    const own = await app.fetch('/api/user/info', { method: 'POST', headers: { Cookie: cookie(), Origin: app.url, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' } });
    expect((await own.json()).data.username).toBe(victim.username);
    const ownGet = await app.fetch('/api/user/info', { headers: { Cookie: cookie(), 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' } });
    expect((await ownGet.json()).error_code).toBe(10102);
  });

  it('no CORS grant for foreign origins, no reflection, no null', async () => {
    for (const origin of ['https://evil.example', 'null', app.url.replace('127.0.0.1', 'localhost')]) {
      const pre = await app.fetch('/api/template/save', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-api-token' },
      });
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      const res = await app.fetch('/api/user/info', { headers: { Origin: origin, 'X-API-Token': victim.token } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      await res.arrayBuffer();
    }
  });

  it('the login cookie is HttpOnly, SameSite and path-wide; the token is never put in a URL', async () => {
    const res = await app.fetch('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: friend.username, password: DEFAULT_PASSWORD }),
    });
    const body = await res.json();
    expect(body.error_code).toBe(0);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/cookie_token=/);
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=(lax|strict)/i);
    expect(setCookie).toMatch(/path=\//i);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('token handling', () => {
  it('a header token beats a token in the URL; a URL token never falls back to the cookie', async () => {
    const both = await app.call(`/api/user/info?user_token=${attacker.token}`, {}, { token: victim.token });
    expect(both.data.username).toBe(victim.username);
    // outside downloads a URL token is refused (F10), never replaced by the cookie
    const bad = await app.call('/api/user/info?user_token=not-a-token', {}, { cookie: `cookie_token=${victim.token}` });
    expect(bad.error_code).toBe(10102);
    expect(bad.error_message).toMatch(/URL/);
    // another user's token planted in a link acts as that user only: never reaches the victim's data
    await changes();
    const planted = await app.call(`/api/item/update?user_token=${attacker.token}`, { item_id: v.itemId, item_name: 'pwned' }, { cookie: `cookie_token=${victim.token}` });
    expect(planted.error_code).not.toBe(0);
    expect(await changes()).toEqual([]);
  });

  it('garbage tokens are a clean 10102, never a 500', async () => {
    for (const t of ["' OR 1=1 --", 'x'.repeat(8000), '{"$ne":null}', '%00', '../../etc/passwd']) {
      const h = await app.call('user/info', {}, { token: t });
      expect(h.error_code, t.slice(0, 20)).toBe(10102);
      const u = await app.call('user/info', { user_token: t });
      expect(u.error_code).toBe(10102);
    }
    const arr = await app.call('user/info', { user_token: [victim.token, attacker.token] }, { json: true });
    expect([10101, 10102]).toContain(arr.error_code);
    const obj = await app.fetch('/api/user/info', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'user_token[$ne]=1' });
    expect([10101, 10102]).toContain((await obj.json()).error_code);
  });

  it('a logged-out token, and the token of a deleted user, open nothing', async () => {
    const login = await app.login(friend.username);
    const t = login.data.user_token as string;
    expect((await app.call('item/info', { item_id: v.itemId, user_token: t })).error_code).toBe(0);
    await app.call('user/logout', {}, { token: t });
    const after = await app.call('item/info', { item_id: v.itemId, user_token: t });
    expect(after.error_code).not.toBe(0);
    expect(JSON.stringify(after)).not.toContain('Secret page');

    const doomed = await makeUser(app, 'sec_doomed');
    expect((await app.call('adminUser/deleteUser', { uid: doomed.uid }, { token: admin.token })).error_code).toBe(0);
    const gone = await app.call('user/info', {}, { token: doomed.token });
    expect(gone.error_code).toBe(10102);
    expect((await app.call('template/save', { template_title: 'ghost', template_content: 'x' }, { token: doomed.token })).error_code).toBe(10102);
  });
});

describe('mass assignment and single-use values', () => {
  it('owner, role and author fields in request bodies are ignored', async () => {
    const tok = { token: attacker.token };
    const me = await app.call('user/updateInfo', { name: 'Eve', groupid: 1, is_admin: 1, uid: victim.uid }, tok);
    expect(me.error_code).toBe(0);
    const [row] = await app.deps.db.select().from(users).where(eq(users.uid, attacker.uid));
    expect(row.groupid).toBe(2);
    const [vrow] = await app.deps.db.select().from(users).where(eq(users.uid, victim.uid));
    expect(vrow.name).not.toBe('Eve');
    expect((await app.call('adminUser/getList', {}, tok)).error_code).toBe(10103);

    const item = await app.call('item/add', { item_name: 'Mine really', uid: victim.uid, username: victim.username, item_type: 1 }, tok);
    expect(item.error_code).toBe(0);
    const info = await app.call('item/detail', { item_id: item.data.item_id }, { token: victim.token });
    expect(info.error_code).not.toBe(0);
    const page = await app.call('page/save', { item_id: mine.itemId, page_title: 'Forged', page_content: 'x', author_uid: victim.uid, author_username: victim.username }, tok);
    expect(page.error_code).toBe(0);
    const [p] = await app.deps.db.select().from(pages).where(eq(pages.pageId, page.data.page_id));
    expect(p.authorUid).toBe(attacker.uid);
    const tpl = await app.call('template/save', { template_title: 'Planted', template_content: 'x', uid: victim.uid }, tok);
    expect(tpl.error_code).toBe(0);
    const victimTpls = await app.call('template/getList', {}, { token: victim.token });
    expect(victimTpls.data.some((t: any) => t.template_title === 'Planted')).toBe(false);
    await changes();
  });

  it('one captcha answer registers at most one account, however many requests race', async () => {
    const c = await app.captcha();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.call('user/register', { username: `race_${i}`, password: DEFAULT_PASSWORD, confirm_password: DEFAULT_PASSWORD, captcha_id: c.id, v_code: c.answer }),
      ),
    );
    expect(results.filter((r) => r.error_code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.error_code !== 0).every((r) => r.error_code === 10206)).toBe(true);
    const made = await rows<{ n: number }>(sql`select count(*)::int as n from users where username like 'race_%'`);
    expect(made[0].n).toBe(1);
    await changes();
  });
});

describe('a member limited to one catalog names pages and catalogs of another (§1.3 A2)', () => {
  it('reads, writes, history, files, mocks and copies of the other catalog are refused; changes nothing', async () => {
    const limited = await makeUser(app, 'sec_limited');
    const db = app.deps.db;
    const [open] = await db.insert(catalogs).values({ catName: 'Open', itemId: v.itemId, parentCatId: 0, level: 2, addtime: now() }).returning();
    const [openPage] = await db
      .insert(pages)
      .values({ itemId: v.itemId, catId: open.catId, pageTitle: 'Open page', pageContent: 'open', authorUid: victim.uid, authorUsername: victim.username, addtime: now(), pageAddtime: now() })
      .returning();
    await addMember(app, v.itemId, limited, 1, [open.catId]);
    const own = await app.call('item/add', { item_name: 'Limited own', item_type: 1 }, { token: limited.token });
    expect(own.error_code).toBe(0);
    const ownItem = own.data.item_id;
    await changes();
    const cases: [string, Record<string, unknown>][] = [
      ['page/info', { page_id: v.pageId }],
      ['page/info', { page_id: v.pageId, item_id: v.itemId }],
      ['page/history', { page_id: v.pageId }],
      ['page/diff', { page_id: v.pageId, page_history_id: v.historyId }],
      ['page/diff', { page_id: openPage.pageId, page_history_id: v.historyId }],
      ['page/save', { item_id: v.itemId, page_id: v.pageId, page_title: 'x', page_content: 'x', cat_id: open.catId }],
      ['page/save', { item_id: v.itemId, page_title: 'implant', page_content: 'x', cat_id: v.catId }],
      ['page/save', { item_id: v.itemId, page_id: openPage.pageId, page_title: 'moved', page_content: 'x', cat_id: v.catId }],
      ['page/delete', { item_id: v.itemId, page_id: v.pageId }],
      ['page/setLock', { item_id: v.itemId, page_id: v.pageId }],
      ['page/sort', { item_id: v.itemId, pages: JSON.stringify({ [v.pageId]: 1 }) }],
      ['page/uploadList', { page_id: v.pageId }],
      ['page/createSinglePage', { page_id: v.pageId }],
      ['page/updateHistoryComments', { page_id: v.pageId, page_history_id: v.historyId, page_comments: 'x' }],
      ['page/deleteUploadFile', { page_id: v.pageId, file_id: v.fileId }],
      ['attachment/bindingPage', { file_id: v.fileId, page_id: openPage.pageId }],
      ['mock/infoByPageId', { page_id: v.pageId }],
      ['mock/add', { page_id: v.pageId, template: '{"a":3}', path: '/v2' }],
      ['catalog/getPagesBycat', { item_id: v.itemId, cat_id: v.catId }],
      ['catalog/save', { item_id: v.itemId, cat_id: v.catId, cat_name: 'renamed' }],
      ['catalog/save', { item_id: v.itemId, parent_cat_id: v.catId, cat_name: 'child' }],
      ['catalog/delete', { item_id: v.itemId, cat_id: v.catId }],
      ['catalog/copy', { cat_id: v.catId, to_item_id: ownItem }],
      ['catalog/batUpdate', { item_id: v.itemId, cats: JSON.stringify([{ cat_id: v.catId, s_number: 1, parent_cat_id: 0, level: 2 }]) }],
      ['recycle/recover', { item_id: v.itemId, page_id: v.deletedPageId }],
    ];
    const failures: string[] = [];
    for (const [route, params] of cases) {
      const r = await app.call(route, params, { token: limited.token });
      const changed = await changes();
      const label = `${route} ${JSON.stringify(params)}`;
      if (r.error_code === 0) failures.push(`${label}: accepted ${JSON.stringify(r.data).slice(0, 160)}`);
      if (changed.length) failures.push(`${label}: changed ${changed.join(',')}`);
      if (/old secret|Content of Secret page|secret\.png/.test(JSON.stringify(r))) failures.push(`${label}: leaked`);
    }
    // reads that list the item show only the allowed catalog
    const search = await app.call('item/search', { item_id: v.itemId, keyword: 'Secret' }, { token: limited.token });
    if (JSON.stringify(search).includes('Content of Secret page')) failures.push('item/search leaked the other catalog');
    const info = await app.call('item/info', { item_id: v.itemId }, { token: limited.token });
    if (JSON.stringify(info.data?.menu ?? {}).includes('Secret page')) failures.push('item/info menu shows the other catalog');
    // the allowed catalog works (controls)
    const ok = await app.call('page/info', { page_id: openPage.pageId }, { token: limited.token });
    if (ok.error_code !== 0) failures.push(`control page/info failed: ${ok.error_code}`);
    const ok2 = await app.call('page/save', { item_id: v.itemId, page_id: openPage.pageId, page_title: 'Open page', page_content: 'edited', cat_id: open.catId }, { token: limited.token });
    if (ok2.error_code !== 0) failures.push(`control page/save failed: ${ok2.error_code} ${ok2.error_message}`);
    await changes();
    expect(failures).toEqual([]);
  });
});

