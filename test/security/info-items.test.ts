// The informational findings fixed with F10/F11: a collab id out of range, LDAP hosts that are not
// LDAP addresses, personal domains that shadow Quire's own paths, page/setLock telling whether a
// page exists, and LDAP / object storage pointed at link-local (cloud metadata) addresses.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { buildItem, makeUser, type Actor } from '../helpers/fixtures';
import { connectEditor, seedPage } from '../helpers/realtime';
import { items, pageLocks, settings } from '../../server/db/schema';

let app: TestApp;
let admin: Actor;
let owner: Actor;
let stranger: Actor;

/** opens a raw WebSocket and resolves with how it ended: refused upgrade (HTTP status) or close code */
function rawWs(path: string): Promise<{ status?: number; code?: number; reason?: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(app.url.replace(/^http/, 'ws') + path);
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      ws.terminate();
    });
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('error', () => {});
  });
}

const settingsRows = async () => (await app.deps.db.select().from(settings)).filter((r) => r.name !== 'server_secret').sort((a, b) => a.name.localeCompare(b.name));

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  admin = await makeUser(app, 'info_admin');
  owner = await makeUser(app, 'info_owner');
  stranger = await makeUser(app, 'info_stranger');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('informational findings', () => {
  it('/collab/page.<id> outside 1..2147483647 closes with 4404 "unknown document", not 1011', async () => {
    const { itemId } = await buildItem(app, owner, { name: 'Live' });
    const pageId = await seedPage(app.deps.db, itemId, 'text');
    for (const id of ['4294967296', '2147483648', '9999999999', '0', '00']) {
      const r = await rawWs(`/collab/page.${id}?user_token=${owner.token}`);
      expect(r, id).toMatchObject({ code: 4404, reason: 'unknown document' });
    }
    expect(await rawWs(`/collab/page.2147483647?user_token=${owner.token}`)).toMatchObject({ code: 4404 });
    // what a y-websocket client receives: the refusal, with its code
    const editor = connectEditor(app.url, 'page.4294967296', owner.token);
    expect(await editor.closed).toEqual({ code: 4404, reason: 'unknown document' });
    editor.destroy();
    // a page in range still opens
    const ok = await new Promise<boolean>((resolve) => {
      const ws = new WebSocket(`${app.url.replace(/^http/, 'ws')}/collab/page.${pageId}?user_token=${owner.token}`);
      ws.on('message', () => {
        resolve(true);
        ws.close();
      });
      ws.on('close', () => resolve(false));
      ws.on('error', () => {});
    });
    expect(ok).toBe(true);
  });

  it('an LDAP host must be a host name or an ldap:// / ldaps:// URL: a clear error, not 10500', async () => {
    const before = await settingsRows();
    for (const host of ['file:///etc/passwd', 'http://ldap.example.com', 'ldap://', 'ldap.example.com/x y', 'gopher://x:70/', 'ldap://user:pw@ldap.example.com', 'ldap.example.com:389:1']) {
      for (const open of [1, 0]) {
        const r = await app.call('adminSetting/saveLdapConfig', { ldap_open: open, ldap_form: JSON.stringify({ host, base_dn: 'dc=example,dc=com' }) }, { token: admin.token });
        expect(r.error_code, `${host} open=${open}`).toBe(10101);
        expect(r.error_message, host).toMatch(/LDAP host/);
      }
    }
    const zh = await app.call('adminSetting/saveConfig', { ldap_form: JSON.stringify({ host: 'file:///etc/passwd' }) }, { token: admin.token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.error_message).toMatch(/LDAP/);
    expect(zh.error_message).not.toMatch(/host must/);
    expect(await settingsRows()).toEqual(before);
    // the forms an administrator writes are still accepted
    for (const host of ['ldap.example.com', 'ldap://ldap.example.com', 'ldaps://ldap.example.com:636', '10.0.0.5', '[fd00::5]', 'fd00::5', 'ldap://[fd00::5]:389/']) {
      const r = await app.call('adminSetting/saveLdapConfig', { ldap_open: 0, ldap_form: JSON.stringify({ host, base_dn: 'dc=example,dc=com' }) }, { token: admin.token });
      expect(r.error_code, host).toBe(0);
    }
  });

  it('item_domain refuses the first path segments Quire itself uses', async () => {
    const before = await app.deps.db.select().from(items);
    for (const domain of ['admin', 'api', 'server', 'ADMIN', 'Api', 'page', 'p', 'item', 'user', 'team', 'attachment', 'catalog', 'notice', 'collab', 'assets', 'index', 'web', 'public', 'static', 'uploads']) {
      const r = await app.call('item/add', { item_name: `Domain ${domain}`, item_type: 1, item_domain: domain }, { token: owner.token });
      expect(r.error_code, domain).toBe(10305);
      expect(r.error_message, domain).toMatch(/reserved/);
    }
    for (const domain of ['mock-data', 'mock-path', 'socket.io', 'index.php']) {
      expect((await app.call('item/add', { item_name: 'x', item_type: 1, item_domain: domain }, { token: owner.token })).error_code, domain).toBe(10305);
    }
    expect(await app.deps.db.select().from(items)).toEqual(before);
    const { itemId } = await buildItem(app, owner, { name: 'Mine' });
    const upd = await app.call('item/update', { item_id: itemId, item_name: 'Mine', item_domain: 'api' }, { token: owner.token });
    expect(upd.error_code).toBe(10305);
    const zh = await app.call('item/update', { item_id: itemId, item_name: 'Mine', item_domain: 'admin' }, { token: owner.token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.error_message).toMatch(/保留/);
    const [row] = await app.deps.db.select().from(items).where(eq(items.itemId, itemId));
    expect(row.itemDomain).toBe('');
    // ordinary domains still work, including ones that merely start with a reserved word
    expect((await app.call('item/update', { item_id: itemId, item_name: 'Mine', item_domain: 'apidocs' }, { token: owner.token })).error_code).toBe(0);
  });

  it('page/setLock with a past time answers the same for a page the caller cannot see and for a missing page', async () => {
    const { itemId, pages } = await buildItem(app, owner, { name: 'Locked', password: 'lock-item-pw', rootPages: ['Hidden'] });
    const hidden = pages['Hidden'];
    await app.call('page/setLock', { page_id: hidden, item_id: itemId }, { token: owner.token });
    const held = await app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, hidden));
    expect(held).toHaveLength(1);
    const answers = [];
    for (const pageId of [hidden, 2_000_000_000, 0]) {
      answers.push(await app.call('page/setLock', { page_id: pageId, lock_to: 1000 }, { token: stranger.token }));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // and the owner's lock is untouched
    expect(await app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, hidden))).toEqual(held);
    // the holder still releases their own lock the ShowDoc way
    expect((await app.call('page/setLock', { page_id: hidden, lock_to: 1000 }, { token: owner.token })).error_code).toBe(0);
    expect(await app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, hidden))).toEqual([]);
  });

  it('LDAP and object storage refuse link-local addresses and cloud metadata host names', async () => {
    const before = await settingsRows();
    const hosts = [
      '169.254.169.254',
      '169.254.0.1',
      'ldap://169.254.169.254:389',
      '[fe80::1]',
      'fe80::a:b',
      '[::ffff:169.254.169.254]',
      'metadata.google.internal',
      'METADATA.GOOGLE.INTERNAL.',
      'metadata',
      'instance-data',
      '100.100.100.200',
    ];
    for (const host of hosts) {
      for (const open of [1, 0]) {
        const r = await app.call('adminSetting/saveLdapConfig', { ldap_open: open, ldap_form: JSON.stringify({ host, base_dn: 'dc=example,dc=com' }) }, { token: admin.token });
        expect(r.error_code, `ldap ${host} open=${open}`).toBe(10101);
        expect(r.error_message, host).toMatch(/link-local|metadata/);
      }
      const endpoint = host.startsWith('ldap://') ? host.replace('ldap://', 'http://') : host;
      const form = { oss_type: 's3_storage', key: 'AK', secret: 'SK', bucket: 'docs', endpoint, protocol: 'http' };
      for (const open of [1, 0]) {
        const r = await app.call('adminSetting/saveConfig', { oss_open: open, oss_setting: JSON.stringify(form) }, { token: admin.token });
        expect(r.error_code, `oss ${endpoint} open=${open}`).toBe(10101);
        expect(r.error_message, endpoint).toMatch(/link-local|metadata/);
      }
      const domain = await app.call('adminSetting/saveConfig', { oss_setting: JSON.stringify({ domain: endpoint.replace(/^http:\/\//, '').replace(/^\[|\]$/g, '') }) }, { token: admin.token });
      expect(domain.error_code, `domain ${endpoint}`).toBe(10101);
    }
    expect(await settingsRows()).toEqual(before);
    // intranet and loopback servers stay allowed (MinIO next to Quire, a company directory)
    const ok = await app.call('adminSetting/saveConfig', { oss_open: 0, oss_setting: JSON.stringify({ oss_type: 's3_storage', endpoint: 'http://127.0.0.1:9000', bucket: 'docs' }) }, { token: admin.token });
    expect(ok.error_code).toBe(0);
    const ldapOk = await app.call('adminSetting/saveLdapConfig', { ldap_open: 0, ldap_form: JSON.stringify({ host: '192.168.1.10', base_dn: 'dc=example,dc=com' }) }, { token: admin.token });
    expect(ldapOk.error_code).toBe(0);
  });
});
