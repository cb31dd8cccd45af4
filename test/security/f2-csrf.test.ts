// F2: CSRF through state-changing GETs. On a plain-HTTP intranet host (not localhost) browsers send
// no Sec-Fetch-* headers, and no Origin on GET: a stored `![x](/server/index.php?s=/api/adminUser/setGroup…)`
// viewed by an administrator, or a link on another site, arrived with the admin's cookie and no
// header that said where it came from. The cookie now acts only on POSTs proven to come from our own
// pages, and on GETs of file downloads; tokens (ShowDoc's clients and scripts) are unaffected.
// The same attack in real Chromium on a non-localhost plain-HTTP address: f2-csrf.browser.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { users } from '../../server/db/schema';

let app: TestApp;
let admin: { uid: number; user_token: string };
let mallory: { uid: number; user_token: string };
let adminCookie: string;

const groupOf = async (uid: number) => (await app.deps.db.select({ g: users.groupid }).from(users).where(eq(users.uid, uid)))[0].g;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.register('csrf_admin'); // the first account is the administrator
  mallory = await app.register('csrf_mallory');
  adminCookie = `cookie_token=${admin.user_token}`;
});
afterAll(() => app.close());

describe('F2: a cookie-authenticated request changes data only as a POST from our own pages', () => {
  it('a GET with the admin cookie and no Sec-Fetch-*/Origin (plain-HTTP intranet) does not make the attacker admin', async () => {
    for (const url of [
      `/server/index.php?s=/api/adminUser/setGroup&uid=${mallory.uid}&groupid=1`,
      `/api/adminUser/setGroup?uid=${mallory.uid}&groupid=1`,
      `/server/index.php?s=/api/adminUser/setGroup/uid/${mallory.uid}/groupid/1`,
    ]) {
      const res = await app.fetch(url, { headers: { Cookie: adminCookie } });
      const body = await res.json();
      expect(body.error_code, url).toBe(10102);
    }
    expect(await groupOf(mallory.uid)).not.toBe(1);
  });

  it('a GET with a same-origin Referer (a link in a stored page) does not act either', async () => {
    const res = await app.fetch(`/api/adminUser/setGroup?uid=${mallory.uid}&groupid=1`, { headers: { Cookie: adminCookie, Referer: `${app.url}/page/1` } });
    expect((await res.json()).error_code).toBe(10102);
    expect(await groupOf(mallory.uid)).not.toBe(1);
  });

  it('a POST without Origin or Referer, or from another origin, does not act', async () => {
    const form = { uid: mallory.uid, groupid: 1 };
    const variants: Record<string, string>[] = [{}, { Origin: 'http://evil.example' }, { Origin: 'null' }, { Referer: 'http://evil.example/x' }, { Origin: app.url.replace('127.0.0.1', 'localhost') }];
    for (const headers of variants) {
      const r = await app.call('adminUser/setGroup', form, { cookie: adminCookie, headers });
      expect(r.error_code, JSON.stringify(headers)).toBe(10102);
      expect(r.error_message).toMatch(/did not come from this site/);
    }
    expect(await groupOf(mallory.uid)).not.toBe(1);
  });

  it('PUT/DELETE with the cookie do not act even from our origin', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await app.fetch('/api/adminUser/setGroup', {
        method,
        headers: { Cookie: adminCookie, Origin: app.url, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ uid: String(mallory.uid), groupid: '1' }),
      });
      expect((await res.json()).error_code, method).toBe(10102);
    }
    expect(await groupOf(mallory.uid)).not.toBe(1);
  });

  it('our own client (POST with our Origin, or with our Referer only) keeps working', async () => {
    const byOrigin = await app.call('user/info', {}, { cookie: adminCookie, headers: { Origin: app.url } });
    expect(byOrigin.data.uid).toBe(String(admin.uid));
    const byReferer = await app.call('user/info', {}, { cookie: adminCookie, headers: { Referer: `${app.url}/item/index` } });
    expect(byReferer.data.uid).toBe(String(admin.uid));
  });

  it('tokens keep working by GET and POST (ShowDoc clients, scripts)', async () => {
    // (a token in the URL itself counts only on downloads: F10, f10-secrets-in-urls.test.ts)
    const get = await app.call('/server/index.php?s=/api/user/info', {}, { method: 'GET', token: mallory.user_token });
    expect(get.data.uid).toBe(String(mallory.uid));
    const post = await app.call('user/info', { user_token: mallory.user_token });
    expect(post.data.uid).toBe(String(mallory.uid));
  });

  it('downloads (browserGet actions) still read with the cookie on a plain GET, unless another site sent them', async () => {
    const item = await app.call('item/add', { item_name: 'csrf', item_type: 1, password: 'pw-private-1' }, { token: admin.user_token });
    const page = await app.call('page/save', { item_id: item.data.item_id, page_title: 'p', page_content: 'x' }, { token: admin.user_token });
    const form = new FormData();
    form.append('page_id', String(page.data.page_id));
    form.append('item_id', String(item.data.item_id));
    form.append('file', new Blob([Buffer.from('hello file')], { type: 'text/plain' }), 'note.txt');
    const up = await (await app.fetch('/api/page/upload', { method: 'POST', headers: { 'X-API-Token': admin.user_token }, body: form })).json();
    expect(up.error_code).toBe(0);
    const url = new URL(up.data.url ?? up.url, app.url);
    const mine = await app.fetch(url.pathname + url.search, { headers: { Cookie: adminCookie } });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toBe('hello file');
    const foreign = await app.fetch(url.pathname + url.search, { headers: { Cookie: adminCookie, 'Sec-Fetch-Site': 'cross-site' } });
    expect(foreign.status).not.toBe(200);
  });
});
