// Admin console: users, items, settings, update check. Non-admins get 10103 on every endpoint and
// change nothing; the last administrator can never be removed or demoted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { startLdap, LDAP_USERS, type LdapServer } from '../helpers/ldap';
import { freePort } from '../helpers/cluster';
import { itemMembers, items, settings as settingsTable, userTokens, users } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';
import type { DomainEvents } from '../../server/events';

let app: TestApp;
let ldap: LdapServer;
let boss: { uid: number; user_token: string };
let ann: { uid: number; user_token: string };
let ben: { uid: number; user_token: string };

const snapshot = async () => ({
  users: await app.deps.db.select().from(users).orderBy(users.uid),
  items: await app.deps.db.select().from(items).orderBy(items.itemId),
  settings: await app.deps.db.select().from(settingsTable).orderBy(settingsTable.name),
  members: await app.deps.db.select().from(itemMembers).orderBy(itemMembers.itemMemberId),
});

async function makeItem(owner: { uid: number }, name: string, extra: Partial<typeof items.$inferInsert> = {}): Promise<number> {
  const [u] = await app.deps.db.select().from(users).where(eq(users.uid, owner.uid));
  const [row] = await app.deps.db
    .insert(items)
    .values({ itemName: name, uid: u.uid, username: u.username, addtime: app.deps.now(), ...extra })
    .returning({ itemId: items.itemId });
  return row.itemId;
}

function capture<K extends keyof DomainEvents>(name: K): DomainEvents[K][] {
  const seen: DomainEvents[K][] = [];
  app.deps.events.on(name, (p) => seen.push(p));
  return seen;
}

const admin = (path: string, params: Record<string, unknown> = {}, token = boss.user_token) => app.call(path, params, { token });
const userRow = async (uid: number) => (await app.deps.db.select().from(users).where(eq(users.uid, uid)))[0];

beforeAll(async () => {
  [app, ldap] = await Promise.all([startTestApp(), startLdap()]);
  boss = await app.register('boss');
  ann = await app.register('ann');
  ben = await app.register('ben');
}, 120_000);

afterAll(async () => {
  await Promise.all([app?.close(), ldap?.stop()]);
}, 60_000);

describe('admin endpoints refuse everyone but administrators', () => {
  const endpoints: [string, Record<string, unknown>][] = [
    ['adminUser/getList', {}],
    ['adminUser/addUser', { username: 'sneaky', password: 'sneaky-pass' }],
    ['adminUser/changePassword', { uid: 3, new_password: 'taken-over-1' }],
    ['adminUser/setGroup', { uid: 2, groupid: 1 }],
    ['adminUser/deleteUser', { uid: 3 }],
    ['adminUser/checkUpdate', {}],
    ['adminItem/getList', {}],
    ['adminItem/deleteItem', { item_id: 1 }],
    ['adminItem/recoverItem', { item_id: 1 }],
    ['adminItem/attorn', { item_id: 1, username: 'ann' }],
    ['adminSetting/loadConfig', {}],
    ['adminSetting/saveConfig', { register_open: 0 }],
    ['adminSetting/loadLdapConfig', {}],
    ['adminSetting/saveLdapConfig', { ldap_open: 0, ldap_form: JSON.stringify({ host: 'evil' }) }],
    ['adminUpdate/checkUpdate', {}],
    ['adminUpdate/download', {}],
    ['adminUpdate/updateFiles', {}],
  ];

  it('ordinary user → 10103, anonymous → 10102, bad token → 10102; nothing changes', async () => {
    const itemId = await makeItem(ben, 'ben-private-notes');
    const before = await snapshot();
    for (const [path, params] of endpoints) {
      const p = { ...params, ...(params.item_id ? { item_id: itemId } : {}) };
      const asUser = await app.call(path, p, { token: ann.user_token });
      expect(asUser.error_code, `${path} as user`).toBe(ErrorCode.NO_PERMISSION);
      expect(asUser.data, path).toBeUndefined();
      const anon = await app.call(path, p);
      expect(anon.error_code, `${path} anonymous`).toBe(ErrorCode.NOT_LOGGED_IN);
      const forged = await app.call(path, p, { token: 'f'.repeat(64) });
      expect(forged.error_code, `${path} forged token`).toBe(ErrorCode.NOT_LOGGED_IN);
    }
    expect(await snapshot()).toEqual(before);
    await app.deps.db.delete(items).where(eq(items.itemId, itemId));
  });

  it('the ShowDoc URL form is guarded the same way', async () => {
    const r = await app.call('/server/index.php?s=/api/adminUser/getList', { user_token: ann.user_token });
    expect(r.error_code).toBe(ErrorCode.NO_PERMISSION);
    const ok = await app.call('/server/index.php?s=/api/adminUser/getList', { user_token: boss.user_token });
    expect(ok.error_code).toBe(0);
  });
});

describe('adminUser', () => {
  it('lists users with total and paging, never password hashes', async () => {
    const r = await admin('adminUser/getList', { page: 1, count: 2 });
    expect(r.error_code).toBe(0);
    expect(r.data.total).toBe(3);
    expect(r.data.users).toHaveLength(2);
    const all = JSON.stringify((await admin('adminUser/getList', { count: 50 })).data);
    expect(all).not.toMatch(/argon2|"password"|"salt"/);
    const p2 = await admin('adminUser/getList', { page: 2, count: 2 });
    expect(p2.data.users).toHaveLength(1);
  });

  it('searches by username fragment; wildcard and injection-shaped input matches literally', async () => {
    const r = await admin('adminUser/getList', { username: 'AN' });
    expect(r.data.users.map((u: any) => u.username)).toEqual(['ann']);
    for (const q of ['%', '_', "' OR 1=1 --", '{"$ne":null}']) {
      const x = await admin('adminUser/getList', { username: q });
      expect(x.error_code, q).toBe(0);
      expect(x.data.total, q).toBe(0);
    }
    const obj = await app.call('adminUser/getList', { username: { $ne: null } }, { token: boss.user_token, json: true });
    expect(obj.error_code).toBe(ErrorCode.GENERIC);
  });

  it('adds a user who can then log in; refuses duplicates and bad input without creating anything', async () => {
    const r = await admin('adminUser/addUser', { username: 'carl', password: 'carl-pass-1', name: 'Carl' });
    expect(r.error_code).toBe(0);
    expect(r.data.groupid).toBe('2');
    expect(r.data.name).toBe('Carl');
    expect((await app.login('carl', 'carl-pass-1')).error_code).toBe(0);

    const before = await snapshot();
    for (const bad of [
      { username: 'CARL', password: 'carl-pass-2' },
      { username: '', password: 'whatever-1' },
      { username: 'x', password: 'whatever-1' },
      { username: "' OR 1=1 --", password: 'whatever-1' },
      { username: 'dora', password: '123' },
      { username: 'dora', password: 'okay-pass-1', name: 'n'.repeat(51) },
      { username: 'dora', password: 'okay-pass-1', groupid: 7 },
    ]) {
      const x = await admin('adminUser/addUser', bad);
      expect(x.error_code, JSON.stringify(bad)).not.toBe(0);
      expect(x.error_message).toBeTruthy();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('edits name and password (old sessions end); empty password keeps the old one', async () => {
    const login = await app.login('carl', 'carl-pass-1');
    const carlToken = login.data.user_token;
    const uid = login.data.uid;
    const rename = await admin('adminUser/addUser', { uid, name: 'Carl Renamed', password: '' });
    expect(rename.error_code).toBe(0);
    expect(rename.data.name).toBe('Carl Renamed');
    expect((await app.call('user/info', {}, { token: carlToken })).error_code).toBe(0);

    const pw = await admin('adminUser/addUser', { uid, password: 'carl-new-pass' });
    expect(pw.error_code).toBe(0);
    expect(pw.data.name).toBe('Carl Renamed'); // name absent → unchanged
    expect((await app.call('user/info', {}, { token: carlToken })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await app.login('carl', 'carl-pass-1')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await app.login('carl', 'carl-new-pass')).error_code).toBe(0);

    const cp = await admin('adminUser/changePassword', { uid, new_password: 'carl-third-pass' });
    expect(cp.error_code).toBe(0);
    expect((await app.login('carl', 'carl-third-pass')).error_code).toBe(0);
    const short = await admin('adminUser/changePassword', { uid, new_password: 'x' });
    expect(short.error_code).toBe(ErrorCode.GENERIC);
    expect((await app.login('carl', 'carl-third-pass')).error_code).toBe(0);

    const missing = await admin('adminUser/addUser', { uid: 999999, name: 'ghost' });
    expect(missing.error_code).toBe(ErrorCode.USER_NOT_FOUND);
    const missing2 = await admin('adminUser/changePassword', { uid: 999999, new_password: 'ghost-pass-1' });
    expect(missing2.error_code).toBe(ErrorCode.USER_NOT_FOUND);
  });

  it('the last administrator can never be demoted; with two, one may go', async () => {
    const self = await admin('adminUser/setGroup', { uid: boss.uid, groupid: 2 });
    expect(self.error_code).toBe(ErrorCode.GENERIC);
    expect(self.error_message).toMatch(/last administrator/);
    const viaEdit = await admin('adminUser/addUser', { uid: boss.uid, groupid: 2, name: 'should not stick' });
    expect(viaEdit.error_code).toBe(ErrorCode.GENERIC);
    const row = await userRow(boss.uid);
    expect(row.groupid).toBe(1);
    expect(row.name).toBe('');

    expect((await admin('adminUser/setGroup', { uid: ann.uid, groupid: 1 })).error_code).toBe(0);
    // the promotion applies to ann's current session at once
    expect((await app.call('adminUser/getList', {}, { token: ann.user_token })).error_code).toBe(0);
    // two admins demoting each other at the same time: one must stay
    const [a, b] = await Promise.all([
      admin('adminUser/setGroup', { uid: ann.uid, groupid: 2 }, boss.user_token),
      admin('adminUser/setGroup', { uid: boss.uid, groupid: 2 }, ann.user_token),
    ]);
    const [{ n }] = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.groupid, 1));
    expect(n).toBe(1);
    expect([a.error_code, b.error_code].filter((c) => c === 0).length).toBeLessThanOrEqual(1);
    // restore: boss is the only admin
    const bossNow = await userRow(boss.uid);
    if (bossNow.groupid !== 1) {
      await app.deps.db.update(users).set({ groupid: 1 }).where(eq(users.uid, boss.uid));
      app.deps.events.emit('user.updated', { uid: boss.uid });
    }
    await app.deps.db.update(users).set({ groupid: 2 }).where(eq(users.uid, ann.uid));
    app.deps.events.emit('user.updated', { uid: ann.uid });
    expect((await app.call('adminUser/getList', {}, { token: ann.user_token })).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await admin('adminUser/setGroup', { uid: ann.uid, groupid: 3 })).error_code).toBe(ErrorCode.GENERIC);
  });

  it('administrators and the caller cannot be deleted; owners must hand over their items first', async () => {
    const selfDel = await admin('adminUser/deleteUser', { uid: boss.uid });
    expect(selfDel.error_code).toBe(ErrorCode.GENERIC);
    expect(await userRow(boss.uid)).toBeDefined();

    const dora = await admin('adminUser/addUser', { username: 'dora', password: 'dora-pass-1', groupid: 1 });
    expect(dora.data.groupid).toBe('1');
    const adminDel = await admin('adminUser/deleteUser', { uid: dora.data.uid });
    expect(adminDel.error_code).toBe(ErrorCode.GENERIC);
    expect(adminDel.error_message).toMatch(/Administrators cannot be deleted/);
    expect(await userRow(dora.data.uid)).toBeDefined();

    const itemId = await makeItem(ben, 'ben-owned');
    const owner = await admin('adminUser/deleteUser', { uid: ben.uid });
    expect(owner.error_code).toBe(ErrorCode.GENERIC);
    expect(owner.error_message).toMatch(/owns 1 items/);
    expect(await userRow(ben.uid)).toBeDefined();
    await app.deps.db.delete(items).where(eq(items.itemId, itemId));
    expect((await admin('adminUser/deleteUser', { uid: 999999 })).error_code).toBe(ErrorCode.USER_NOT_FOUND);
  });

  it('deletes an ordinary user with their tokens and memberships', async () => {
    const eve = await app.register('eve');
    const itemId = await makeItem(boss, 'shared-with-eve');
    await app.deps.db.insert(itemMembers).values({ itemId, uid: eve.uid, username: 'eve', memberGroupId: 1, addtime: 0 });
    const access = capture('item.accessChanged');
    const r = await admin('adminUser/deleteUser', { uid: eve.uid });
    expect(r.error_code).toBe(0);
    expect(await userRow(eve.uid)).toBeUndefined();
    expect(await app.deps.db.select().from(itemMembers).where(eq(itemMembers.uid, eve.uid))).toEqual([]);
    expect(await app.deps.db.select().from(userTokens).where(eq(userTokens.uid, eve.uid))).toEqual([]);
    expect(access).toContainEqual({ itemId, uids: [eve.uid] });
    expect((await app.call('user/info', {}, { token: eve.user_token })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await app.login('eve')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
  });
});

describe('adminItem', () => {
  let a1: number;
  let a2: number;
  let b1: number;
  beforeAll(async () => {
    a1 = await makeItem(ann, 'Alpha handbook');
    a2 = await makeItem(ann, 'Beta 100% notes', { password: 'x' });
    b1 = await makeItem(ben, 'alpha API');
    await app.deps.db.insert(itemMembers).values([
      { itemId: a1, uid: ben.uid, username: 'ben', memberGroupId: 1, addtime: 0 },
      { itemId: a1, uid: boss.uid, username: 'boss', memberGroupId: 0, addtime: 0 },
    ]);
  }, 60_000);

  it('searches by item name and by owner, with member counts and paging', async () => {
    const byName = await admin('adminItem/getList', { item_name: 'alpha' });
    expect(byName.error_code).toBe(0);
    expect(byName.data.total).toBe(2);
    const rows = byName.data.items.map((i: any) => [i.item_id, i.username, i.member_num]).sort();
    expect(rows).toEqual([[String(a1), 'ann', 2], [String(b1), 'ben', 0]].sort());
    const byOwner = await admin('adminItem/getList', { username: 'ann' });
    expect(byOwner.data.items.map((i: any) => i.item_id).sort()).toEqual([String(a1), String(a2)].sort());
    const both = await admin('adminItem/getList', { username: 'ben', item_name: 'alpha' });
    expect(both.data.items.map((i: any) => i.item_id)).toEqual([String(b1)]);
    const pct = await admin('adminItem/getList', { item_name: '100%' });
    expect(pct.data.items.map((i: any) => i.item_id)).toEqual([String(a2)]);
    expect(pct.data.items[0].is_private).toBe(1);
    expect(JSON.stringify(pct.data)).not.toMatch(/"password"/);
    expect((await admin('adminItem/getList', { item_name: '_' })).data.total).toBe(0);
    const paged = await admin('adminItem/getList', { count: 1, page: 2 });
    expect(paged.data.items).toHaveLength(1);
    expect((await admin('adminItem/getList', { count: 'many' })).error_code).toBe(ErrorCode.GENERIC);
  });

  it('transfers an item without the owner password and announces it', async () => {
    const attorned = capture('item.attorned');
    const access = capture('item.accessChanged');
    const r = await admin('adminItem/attorn', { item_id: a1, username: 'BEN' });
    expect(r.error_code).toBe(0);
    const [row] = await app.deps.db.select().from(items).where(eq(items.itemId, a1));
    expect([row.uid, row.username]).toEqual([ben.uid, 'ben']);
    expect(attorned).toEqual([{ itemId: a1, fromUid: ann.uid, toUid: ben.uid }]);
    expect(access).toContainEqual({ itemId: a1, uids: [ann.uid, ben.uid] });
    // ben's own member row on the item is gone (he owns it now)
    const members = await app.deps.db.select().from(itemMembers).where(eq(itemMembers.itemId, a1));
    expect(members.map((m) => m.uid)).toEqual([boss.uid]);
  });

  it('refuses transfers to unknown users, to the current owner, and of missing items; nothing changes', async () => {
    const before = await snapshot();
    expect((await admin('adminItem/attorn', { item_id: a1, username: 'nobody-here' })).error_code).toBe(ErrorCode.USER_NOT_FOUND);
    expect((await admin('adminItem/attorn', { item_id: a1, username: 'ben' })).error_code).toBe(ErrorCode.GENERIC);
    expect((await admin('adminItem/attorn', { item_id: a1, username: '' })).error_code).toBe(ErrorCode.GENERIC);
    expect((await admin('adminItem/attorn', { item_id: 999999, username: 'ann' })).error_code).toBe(ErrorCode.GENERIC);
    expect((await admin('adminItem/attorn', { item_id: '1 OR 1=1', username: 'ann' })).error_code).toBe(ErrorCode.GENERIC);
    expect(await snapshot()).toEqual(before);
  });

  it('deletes (soft) and recovers items', async () => {
    const access = capture('item.accessChanged');
    const del = await admin('adminItem/deleteItem', { item_id: b1 });
    expect(del.error_code).toBe(0);
    expect(access).toContainEqual({ itemId: b1 });
    const [row] = await app.deps.db.select().from(items).where(eq(items.itemId, b1));
    expect(row.isDel).toBe(1);
    expect(row.delTime).toBeGreaterThan(0);
    expect((await admin('adminItem/getList', { item_name: 'alpha' })).data.total).toBe(1);
    const deleted = await admin('adminItem/getList', { is_del: 1 });
    expect(deleted.data.items.map((i: any) => i.item_id)).toEqual([String(b1)]);
    expect(deleted.data.items[0].del_time).not.toBe('');
    expect((await admin('adminItem/deleteItem', { item_id: b1 })).error_code).toBe(ErrorCode.GENERIC);
    expect((await admin('adminItem/attorn', { item_id: b1, username: 'ann' })).error_code).toBe(ErrorCode.GENERIC);
    expect((await admin('adminItem/recoverItem', { item_id: b1 })).error_code).toBe(0);
    expect((await admin('adminItem/recoverItem', { item_id: b1 })).error_code).toBe(ErrorCode.GENERIC);
    const [back] = await app.deps.db.select().from(items).where(eq(items.itemId, b1));
    expect(back.isDel).toBe(0);
  });
});

describe('adminSetting', () => {
  it('loads every option with defaults, secrets never echoed', async () => {
    const r = await admin('adminSetting/loadConfig');
    expect(r.error_code).toBe(0);
    expect(r.data).toMatchObject({ register_open: 1, home_page: 1, home_item: 0, ldap_open: 0, oss_open: 0 });
    expect(r.data.ldap_form).toMatchObject({ port: 389, version: 3, user_field: 'uid', bind_password: '' });
  });

  it('the registration switch closes and reopens registration', async () => {
    expect((await admin('adminSetting/saveConfig', { register_open: 0 })).error_code).toBe(0);
    const c = await app.captcha();
    const r = await app.call('user/register', { username: 'late', password: 'late-pass-1', confirm_password: 'late-pass-1', captcha_id: c.id, v_code: c.answer });
    expect(r.error_code).toBe(ErrorCode.GENERIC);
    expect(r.error_message).toMatch(/Registration is closed/);
    expect((await app.call('common/homePageSetting')).data.register_open).toBe(0);
    expect((await admin('adminSetting/saveConfig', { register_open: 1 })).error_code).toBe(0);
    await app.register('late');
  });

  it('home page modes 1/2/3; mode 3 needs an existing item; bad values change nothing', async () => {
    const itemId = await makeItem(boss, 'Home item');
    const before = await snapshot();
    for (const bad of [
      { home_page: 3, home_item: 0 },
      { home_page: 3, home_item: 999999 },
      { home_page: 4 },
      { home_page: 0 },
      { home_page: 'two' },
      { home_page: 2, home_item: -1 },
      { history_version_count: 0 },
      { upload_max_mb: 100000 },
      { site_url: 'javascript:alert(1)' },
      { site_url: 'https://docs.example.com/?x=1' },
      { register_open: 0, home_page: 9 },
    ]) {
      const x = await admin('adminSetting/saveConfig', bad);
      expect(x.error_code, JSON.stringify(bad)).toBe(ErrorCode.GENERIC);
      expect(x.error_message).toBeTruthy();
    }
    expect(await snapshot()).toEqual(before);

    const ok = await admin('adminSetting/saveConfig', { home_page: 3, home_item: itemId, site_url: 'https://docs.example.com/', history_version_count: 20 });
    expect(ok.error_code).toBe(0);
    expect(ok.data).toMatchObject({ home_page: 3, home_item: itemId, site_url: 'https://docs.example.com', history_version_count: 20 });
    expect((await app.call('common/homePageSetting')).data).toMatchObject({ home_page: 3, home_item: itemId });
    expect((await admin('adminSetting/saveConfig', { home_page: 2 })).data.home_page).toBe(2);
    expect((await admin('adminSetting/saveConfig', { home_page: 1, site_url: '' })).data).toMatchObject({ home_page: 1, site_url: '' });
  });

  it('object storage form: required fields when switched on, secrets masked and kept when left blank', async () => {
    const before = await snapshot();
    const incomplete = await admin('adminSetting/saveConfig', { oss_open: 1, oss_setting: JSON.stringify({ oss_type: 's3_storage', bucket: 'docs' }) });
    expect(incomplete.error_code).toBe(ErrorCode.GENERIC);
    expect(incomplete.error_message).toMatch(/required/);
    const badType = await admin('adminSetting/saveConfig', { oss_setting: JSON.stringify({ oss_type: 'ftp' }) });
    expect(badType.error_code).toBe(ErrorCode.GENERIC);
    const badJson = await admin('adminSetting/saveConfig', { oss_setting: '{not json' });
    expect(badJson.error_code).toBe(ErrorCode.GENERIC);
    const badDomain = await admin('adminSetting/saveConfig', { oss_setting: JSON.stringify({ domain: 'a b<script>' }) });
    expect(badDomain.error_code).toBe(ErrorCode.GENERIC);
    expect(await snapshot()).toEqual(before);

    const form = { oss_type: 's3_storage', key: 'AK', secret: 'SK-secret', endpoint: 'http://127.0.0.1:9000', bucket: 'docs', protocol: 'http', domain: '', region: 'us-east-1', subcat: 'quire' };
    const ok = await admin('adminSetting/saveConfig', { oss_open: 1, oss_setting: JSON.stringify(form) });
    expect(ok.error_code).toBe(0);
    expect(ok.data.oss_open).toBe(1);
    expect(ok.data.oss_setting).toMatchObject({ key: 'AK', secret: '', has_secret: 1, bucket: 'docs' });
    expect(JSON.stringify((await admin('adminSetting/loadConfig')).data)).not.toContain('SK-secret');
    const again = await admin('adminSetting/saveConfig', { oss_open: 1, oss_setting: JSON.stringify({ ...form, secret: '', bucket: 'docs2' }) });
    expect(again.error_code).toBe(0);
    const stored = (await app.deps.settings.get()).oss_setting;
    expect([stored.secret, stored.bucket]).toEqual(['SK-secret', 'docs2']);
    expect((await admin('adminSetting/saveConfig', { oss_open: 0 })).data.oss_open).toBe(0);
  });

  it('LDAP form: tested against the directory before saving, then used for login', async () => {
    const before = await snapshot();
    const dead = await admin('adminSetting/saveLdapConfig', { ldap_open: 1, ldap_form: JSON.stringify(ldap.form({ port: await freePort() })) });
    expect(dead.error_code).toBe(ErrorCode.GENERIC);
    expect(dead.error_message).toMatch(/Cannot connect to the LDAP server/);
    const wrongBind = await admin('adminSetting/saveLdapConfig', { ldap_open: 1, ldap_form: JSON.stringify(ldap.form({ bind_password: 'nope' })) });
    expect(wrongBind.error_code).toBe(ErrorCode.GENERIC);
    for (const bad of [{ port: 70000 }, { version: 4 }, { user_field: 'uid)(x' }, { search_filter: 'objectClass=*' }, { search_filter: '(a=(b)' }, { host: '' }, { base_dn: '' }]) {
      const x = await admin('adminSetting/saveLdapConfig', { ldap_open: 1, ldap_form: JSON.stringify(ldap.form(bad as any)) });
      expect(x.error_code, JSON.stringify(bad)).toBe(ErrorCode.GENERIC);
    }
    expect(await snapshot()).toEqual(before);
    expect((await app.login('alice', LDAP_USERS.alice.password)).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);

    const ok = await admin('adminSetting/saveLdapConfig', { ldap_open: 1, ldap_form: JSON.stringify({ ...ldap.form(), port: String(ldap.port), version: '3' }) });
    expect(ok.error_code).toBe(0);
    expect(ok.data.ldap_open).toBe(1);
    expect(ok.data.ldap_form).toMatchObject({ host: '127.0.0.1', port: ldap.port, bind_password: '', has_bind_password: 1 });
    const login = await app.login('alice', LDAP_USERS.alice.password);
    expect(login.error_code).toBe(0);
    expect(login.data.name).toBe('Alice Liddell');

    // saving the form back as loaded (blank password) keeps the service password working
    const loaded = (await admin('adminSetting/loadLdapConfig')).data;
    expect(loaded.ldap_form.bind_password).toBe('');
    const resave = await admin('adminSetting/saveConfig', { ldap_open: 1, ldap_form: JSON.stringify(loaded.ldap_form) });
    expect(resave.error_code).toBe(0);
    expect((await app.deps.settings.get()).ldap_form.bind_password).toBe('reader-secret');

    // while LDAP is on and its server is down, unrelated settings (and the unchanged form) still save
    await ldap.stop();
    const unrelated = await admin('adminSetting/saveConfig', { register_open: 1, ldap_open: 1, ldap_form: JSON.stringify(loaded.ldap_form) });
    expect(unrelated.error_code).toBe(0);
    const changed = await admin('adminSetting/saveConfig', { ldap_form: JSON.stringify({ ...loaded.ldap_form, user_field: 'cn' }) });
    expect(changed.error_code).toBe(ErrorCode.GENERIC);
    expect(changed.error_message).toMatch(/Cannot connect to the LDAP server/);
    expect((await app.deps.settings.get()).ldap_form.user_field).toBe('uid');

    expect((await admin('adminSetting/saveConfig', { ldap_open: 0 })).data.ldap_open).toBe(0);
    expect((await app.login('bob', LDAP_USERS.bob.password)).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
  });
});

describe('checkUpdate', () => {
  it('says plainly that no update source is configured', async () => {
    for (const path of ['adminUpdate/checkUpdate', 'adminUser/checkUpdate']) {
      const r = await admin(path);
      expect(r.error_code).toBe(0);
      expect(r.data).toMatchObject({ url: '', title: '', configured: 0 });
      expect(r.data.message).toMatch(/No update source is configured/);
    }
    const zh = await app.call('adminUpdate/checkUpdate', {}, { token: boss.user_token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.data.message).toMatch(/未配置更新源/);
    const dl = await admin('adminUpdate/download');
    expect(dl.error_code).toBe(ErrorCode.GENERIC);
  });

  it('reports an update the operator flagged', async () => {
    await app.deps.settings.save({ update_url: 'https://example.com/quire/releases/1.2.0', update_title: 'Quire 1.2.0' });
    const r = await admin('adminUpdate/checkUpdate');
    expect(r.data).toMatchObject({ url: 'https://example.com/quire/releases/1.2.0', title: 'Quire 1.2.0', configured: 1 });
  });
});
