// F10 — secrets in URLs. A login token in a URL ends up in proxy logs, browser history and
// Referer headers, so the URL is a credential source only for downloads opened by navigation
// (ShowDoc's export links put user_token there); anything else needs the body, a header or the
// cookie. Clients that must hand a download to a browser get a 60-second, single-use download
// ticket instead of their token. Our own log never shows secrets from a URL. Tokens expire after
// an admin-set number of idle days (default 30), and each use slides the expiry.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { buildItem, makeAdmin, makeUser, type Actor } from '../helpers/fixtures';
import { attachments, userTokens } from '../../server/db/schema';
import { hashToken } from '../../server/auth/tokens';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const DAY = 86400;

let app: TestApp;
let dataDir: string;
let admin: Actor;
let owner: Actor;
let privateItem: number;
let privatePage: number;
let sign: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-f10-'));
  app = await startTestApp({ config: { dataDir } });
  admin = await makeAdmin(app, 'f10_admin');
  owner = await makeUser(app, 'f10_owner');
  const built = await buildItem(app, owner, { name: 'Private', password: 'f10-item-pw', rootPages: ['Secret page'] });
  privateItem = built.itemId;
  privatePage = built.pages['Secret page'];
  const form = new FormData();
  form.append('item_id', String(privateItem));
  form.append('page_id', String(privatePage));
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'diagram.png');
  const up = await (await app.fetch('/api/page/upload', { method: 'POST', headers: { 'X-API-Token': owner.token }, body: form })).json();
  expect(up.error_code).toBe(0);
  const [row] = await app.deps.db.select({ sign: attachments.sign }).from(attachments).where(eq(attachments.fileId, up.file_id));
  sign = row.sign;
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  app.setNow(undefined);
  vi.restoreAllMocks();
});

const visitUrl = (extra = '') => `/api/attachment/visitFile?sign=${sign}${extra}`;

describe('user_token in a URL', () => {
  it('does not authenticate an API call, in any URL form; the body, a header and the cookie still do', async () => {
    const t = owner.token;
    const urls = [
      `/api/user/info?user_token=${t}`,
      `/server/index.php?s=/api/user/info&user_token=${t}`,
      `/server/index.php?s=/api/user/info/user_token/${t}`,
      `/api/user/info/user_token/${t}`,
    ];
    for (const u of urls) {
      expect((await app.call(u, {})).error_code, `POST ${u}`).toBe(10102);
      expect((await app.call(u, {}, { method: 'GET' })).error_code, `GET ${u}`).toBe(10102);
    }
    // a state change planted in a link is refused as well
    const planted = await app.call(`/api/item/update?user_token=${t}`, { item_id: privateItem, item_name: 'renamed by a link' });
    expect(planted.error_code).toBe(10102);
    expect((await app.call('item/detail', { item_id: privateItem }, { token: t })).data.item_name).toBe('Private');

    // ShowDoc's clients and scripts send it in the body: unchanged
    expect((await app.call('user/info', { user_token: t })).data.username).toBe(owner.username);
    expect((await app.call('/server/index.php?s=/api/user/info', { user_token: t })).data.username).toBe(owner.username);
    expect((await app.call('user/info', { user_token: t }, { json: true })).data.username).toBe(owner.username);
    expect((await app.call('user/info', {}, { token: t })).data.username).toBe(owner.username);
    expect((await app.call('user/info', {}, { headers: { Authorization: `Bearer ${t}` } })).data.username).toBe(owner.username);
    expect((await app.call('user/info', {}, { cookie: `cookie_token=${t}`, headers: { Origin: app.url } })).data.username).toBe(owner.username);
  });

  it('still opens a download reached by navigation (ShowDoc puts user_token in export and file links)', async () => {
    const anonymous = await app.fetch(visitUrl());
    expect(anonymous.status).toBe(403);
    await anonymous.arrayBuffer();
    for (const u of [visitUrl(`&user_token=${owner.token}`), `/server/index.php?s=/api/attachment/visitFile/sign/${sign}/user_token/${owner.token}`]) {
      const res = await app.fetch(u);
      expect(res.status, u).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });
});

describe('download tickets', () => {
  const ticketFor = async (auth: { token?: string; cookie?: string }) => {
    // the web client's POSTs carry their Origin (the cookie acts only then: F2)
    const r = await app.call<{ download_ticket: string; expires_in: number }>('download/ticket', {}, { ...auth, headers: { Origin: app.url } });
    expect(r.error_code).toBe(0);
    return r.data;
  };

  it('a logged-in client gets a ticket by POST that opens one download within 60 seconds', async () => {
    const viaHeader = await ticketFor({ token: owner.token });
    expect(viaHeader.expires_in).toBe(60);
    expect(viaHeader.download_ticket).toMatch(/^[0-9a-f]{64}$/);
    expect(viaHeader.download_ticket).not.toContain(owner.token);

    const first = await app.fetch(visitUrl(`&download_ticket=${viaHeader.download_ticket}`));
    expect(first.status).toBe(200);
    expect(Buffer.from(await first.arrayBuffer()).equals(PNG)).toBe(true);
    // used up: the same URL is anonymous now
    const again = await app.fetch(visitUrl(`&download_ticket=${viaHeader.download_ticket}`));
    expect(again.status).toBe(403);
    await again.arrayBuffer();

    // the web client's cookie session may ask for one too; a GET may not (tickets are made by POST only)
    const viaCookie = await ticketFor({ cookie: `cookie_token=${owner.token}` });
    const res = await app.fetch(visitUrl(`&download_ticket=${viaCookie.download_ticket}`));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect((await app.call('download/ticket', {}, { token: owner.token, method: 'GET' })).error_code).not.toBe(0);
    expect((await app.call('download/ticket', {})).error_code).toBe(10102);
  });

  it('expires after 60 seconds, dies with its session, and authenticates nothing but downloads', async () => {
    const now = Math.floor(Date.now() / 1000);
    app.setNow(now);
    const late = await ticketFor({ token: owner.token });
    app.setNow(now + 61);
    const expired = await app.fetch(visitUrl(`&download_ticket=${late.download_ticket}`));
    expect(expired.status).toBe(403);
    await expired.arrayBuffer();
    app.setNow(undefined);

    const login = await app.login(owner.username);
    const session = login.data.user_token as string;
    const orphan = await ticketFor({ token: session });
    await app.call('user/logout', {}, { token: session });
    const afterLogout = await app.fetch(visitUrl(`&download_ticket=${orphan.download_ticket}`));
    expect(afterLogout.status).toBe(403);
    await afterLogout.arrayBuffer();

    const apiTicket = await ticketFor({ token: owner.token });
    for (const u of [`/api/user/info?download_ticket=${apiTicket.download_ticket}`, `/api/item/info?item_id=${privateItem}&download_ticket=${apiTicket.download_ticket}`]) {
      expect((await app.call(u, {})).error_code, u).not.toBe(0);
    }
    expect((await app.call('user/info', { download_ticket: apiTicket.download_ticket })).error_code).toBe(10102);
    // refused there, so still unused: the download it was made for works
    const res = await app.fetch(visitUrl(`&download_ticket=${apiTicket.download_ticket}`));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});

describe('the log', () => {
  it('never shows a token, item password, API key or ticket from a URL, in any URL form', async () => {
    const written: string[] = [];
    const capture = (stream: NodeJS.WriteStream) => {
      const original = stream.write.bind(stream);
      vi.spyOn(stream, 'write').mockImplementation(((chunk: any, ...rest: any[]) => {
        written.push(String(chunk));
        return original(chunk, ...rest);
      }) as any);
    };
    capture(process.stderr);
    capture(process.stdout);
    const secrets = ['TokenSecret0123456789abcdef', 'ItemPwdSecret42', 'ApiTokenSecret77', 'TicketSecret99', 'ApiKeySecret55'];
    const [t, pwd, apiToken, ticket, apiKey] = secrets;
    // a real failure while serving: the attachments table is gone, so the download fails and is logged
    await app.deps.db.execute(sql`alter table attachments rename to attachments_away`);
    try {
      const urls = [
        `/api/attachment/visitFile?sign=${sign}&user_token=${t}&_item_pwd=${pwd}&api_token=${apiToken}&download_ticket=${ticket}&api_key=${apiKey}`,
        `/api/attachment/visitFile/sign/${sign}/user_token/${t}/_item_pwd/${pwd}/api_token/${apiToken}/download_ticket/${ticket}/api_key/${apiKey}`,
        `/server/index.php?s=/api/attachment/visitFile/sign/${sign}/user_token/${t}/_item_pwd/${pwd}/api_token/${apiToken}/download_ticket/${ticket}&api_key=${apiKey}`,
        `/server/api/attachment/visitFile/sign/${sign}/USER_TOKEN/${t}?_ITEM_PWD=${pwd}&Api_Token=${apiToken}&download_ticket=${ticket}&api_key=${apiKey}`,
      ];
      for (const u of urls) {
        const res = await app.fetch(u);
        expect(res.status, u).toBe(500);
        await res.arrayBuffer();
      }
    } finally {
      await app.deps.db.execute(sql`alter table attachments_away rename to attachments`);
    }
    for (const s of secrets) expect(written.join('')).not.toContain(s);
    // each failure was logged, with the address it concerned
    const failures = written.filter((l) => l.includes('unhandled error'));
    expect(failures).toHaveLength(4);
    for (const line of failures) expect(line).toContain('visitFile');
  });
});

describe('token lifetime', () => {
  const tokenRow = async (token: string) => {
    const [row] = await app.deps.db.select().from(userTokens).where(eq(userTokens.tokenHash, hashToken(token)));
    return row;
  };

  it('is 30 days by default: a token left unused longer is refused', async () => {
    const loaded = await app.call('adminSetting/loadConfig', {}, { token: admin.token });
    expect(loaded.data.session_expire_days).toBe(30);
    const now = Math.floor(Date.now() / 1000);
    app.setNow(now);
    const t = (await app.login(owner.username)).data.user_token as string;
    app.setNow(now + 29 * DAY);
    expect((await app.call('user/info', {}, { token: t })).error_code).toBe(0);
    const fresh = (await app.login(owner.username)).data.user_token as string;
    app.setNow(now + 29 * DAY + 31 * DAY);
    expect((await app.call('user/info', {}, { token: fresh })).error_code).toBe(10102);
  });

  it('is an admin setting; each use slides the expiry, written at most once an hour', async () => {
    const bad = await app.call('adminSetting/saveConfig', { session_expire_days: 0 }, { token: admin.token });
    expect(bad.error_code).not.toBe(0);
    expect(bad.error_message).toMatch(/1.*3650/);
    expect((await app.call('adminSetting/saveConfig', { session_expire_days: 'x' }, { token: admin.token })).error_code).not.toBe(0);
    expect((await app.call('adminSetting/saveConfig', { session_expire_days: 7 }, { token: owner.token })).error_code).toBe(10103);
    expect((await app.call('adminSetting/loadConfig', {}, { token: admin.token })).data.session_expire_days).toBe(30);
    const saved = await app.call('adminSetting/saveConfig', { session_expire_days: 7 }, { token: admin.token });
    expect(saved.data.session_expire_days).toBe(7);

    const start = Math.floor(Date.now() / 1000) + 1000 * DAY;
    app.setNow(start);
    const login = await app.login(owner.username);
    const t = login.data.user_token as string;
    expect(login.data.user_token).toBeTruthy();
    // used every 6 days: alive after 24 days
    for (let day = 6; day <= 24; day += 6) {
      app.setNow(start + day * DAY);
      app.deps.sessions.clear();
      expect((await app.call('user/info', {}, { token: t })).error_code, `day ${day}`).toBe(0);
    }
    const slid = await tokenRow(t);
    expect(slid.expiresAt).toBe(start + 24 * DAY + 7 * DAY);
    // a use ten minutes later does not write again
    app.setNow(start + 24 * DAY + 600);
    app.deps.sessions.clear();
    expect((await app.call('user/info', {}, { token: t })).error_code).toBe(0);
    expect((await tokenRow(t)).expiresAt).toBe(start + 24 * DAY + 7 * DAY);
    // idle for more than 7 days: gone
    app.setNow(start + 24 * DAY + 7 * DAY + 1);
    app.deps.sessions.clear();
    expect((await app.call('user/info', {}, { token: t })).error_code).toBe(10102);

    // shortening the lifetime applies to tokens already issued
    app.setNow(start + 100 * DAY);
    const other = (await app.login(owner.username)).data.user_token as string;
    const adminNow = (await app.login(admin.username)).data.user_token as string;
    expect((await app.call('adminSetting/saveConfig', { session_expire_days: 2 }, { token: adminNow })).data.session_expire_days).toBe(2);
    app.setNow(start + 103 * DAY);
    app.deps.sessions.clear();
    expect((await app.call('user/info', {}, { token: other })).error_code).toBe(10102);
    // (the administrator's token of day 100 expired the same way)
    const adminLater = (await app.login(admin.username)).data.user_token as string;
    expect((await app.call('adminSetting/saveConfig', { session_expire_days: 30 }, { token: adminLater })).error_code).toBe(0);
  });

  it('the login cookie lasts as long as the token, and is renewed when a use slides it', async () => {
    /** seconds until the cookie_token cookie of a response expires (the browser's clock is real time) */
    const cookieLife = (res: Response, token: string) => {
      const header = res.headers.get('set-cookie') ?? '';
      expect(header).toContain(`cookie_token=${token}`);
      const expires = /expires=([^;]+)/i.exec(header)?.[1] ?? '';
      return (Date.parse(expires) - Date.now()) / 1000;
    };
    const now = Math.floor(Date.now() / 1000) + 2000 * DAY;
    app.setNow(now);
    const res = await app.fetch('/api/user/login', { method: 'POST', body: new URLSearchParams({ username: owner.username, password: 'secret-pass-1' }) });
    const t = ((await res.clone().json()) as any).data.user_token as string;
    expect(Math.abs(cookieLife(res, t) - 30 * DAY)).toBeLessThan(120);
    app.setNow(now + 2 * DAY);
    app.deps.sessions.clear();
    const used = await app.fetch('/api/user/info', { method: 'POST', headers: { Cookie: `cookie_token=${t}`, Origin: app.url } });
    expect(((await used.clone().json()) as any).error_code).toBe(0);
    expect(Math.abs(cookieLife(used, t) - 30 * DAY)).toBeLessThan(120);
    // not on every request: only when the expiry moved
    app.deps.sessions.clear();
    const soon = await app.fetch('/api/user/info', { method: 'POST', headers: { Cookie: `cookie_token=${t}`, Origin: app.url } });
    expect(((await soon.json()) as any).error_code).toBe(0);
    expect(soon.headers.get('set-cookie')).toBeNull();
  });
});
