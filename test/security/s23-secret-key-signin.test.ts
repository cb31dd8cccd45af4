// ShowDoc's secret-key sign-in (extLogin/bySecretKey, #23): token = md5(username + key + time),
// 60 s window. ShowDoc's own weaknesses (security.md §1.5, CVE-2021-3678) stay out: a guessable
// key, links dated in the future that never expire, loose comparison, an open redirect — and
// administrators are never signed in this way. A link works once.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { users } from '../../server/db/schema';

let app: TestApp;
let admin: { uid: number; user_token: string; username: string };
let member: { uid: number; user_token: string; username: string };
let key = '';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

/** Opens a sign-in link like a browser would (GET, no redirect followed). */
async function open(q: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
  const res = await app.fetch(`/api/extLogin/bySecretKey?${qs}`, { redirect: 'manual' });
  const text = await res.text();
  const cookie = res.headers.get('set-cookie') ?? '';
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* a redirect's plain text */
  }
  return { status: res.status, location: res.headers.get('location'), cookie, body };
}

// every link of this file is dated differently (a link works once), from 20 s before the start on
const start = now();
let n = 0;
const fresh = () => start - 20 + n++;
const link = (username: string, time = fresh(), extra: Record<string, string> = {}) => ({ username, time, token: md5(`${username}${key}${time}`), ...extra });
const byName = async (name: string) => (await app.deps.db.select().from(users).where(sql`lower(${users.username}) = lower(${name})`))[0];

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.register('sk_admin'); // first account: administrator
  member = await app.register('sk_member');
});

afterAll(async () => {
  await app?.close();
});

describe('the login secret key', () => {
  it('is refused before it exists, and made by the first admin who asks, long and random', async () => {
    const r = await open({ username: 'sk_member', time: now(), token: md5(`sk_member${now()}`) });
    expect(r.status).toBe(200);
    expect(r.body.error_code).toBe(10101);
    const got = await app.call('adminSetting/getLoginSecretKey', {}, { token: admin.user_token });
    expect(got.error_code).toBe(0);
    key = got.data.login_secret_key;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect((await app.call('adminSetting/getLoginSecretKey', {}, { token: admin.user_token })).data.login_secret_key).toBe(key);
  });

  it('is read and reset by administrators only', async () => {
    for (const path of ['adminSetting/getLoginSecretKey', 'adminSetting/resetLoginSecretKey']) {
      expect((await app.call(path, {}, { token: member.user_token })).error_code, path).toBe(10103);
      expect((await app.call(path, {})).error_code, path).toBe(10102);
    }
    expect((await app.call('adminSetting/loadConfig', {}, { token: admin.user_token })).data.login_secret_key).toBeUndefined();
  });
});

describe('a sign-in link', () => {
  it('signs an ordinary user in and sends them to the item list', async () => {
    const r = await open(link('sk_member'));
    expect(r.status).toBe(302);
    expect(r.location).toBe('/item/index');
    const token = /cookie_token=([^;]+)/.exec(r.cookie)?.[1];
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const info = await app.call('user/info', {}, { token });
    expect(info.data.username).toBe('sk_member');
  });

  it('creates an unknown user with the given name', async () => {
    const r = await open(link('sk_newcomer', fresh(), { name: 'New Comer' }));
    expect(r.status).toBe(302);
    const row = await byName('sk_newcomer');
    expect(row.name).toBe('New Comer');
    expect(row.groupid).toBe(2);
  });

  it('never signs an administrator in', async () => {
    const r = await open(link('sk_admin'));
    expect(r.status).toBe(200);
    expect(r.body.error_code).toBe(10101);
    expect(r.cookie).not.toContain('cookie_token=');
  });

  it('refuses an expired link, a link dated in the future, and a wrong or mangled signature', async () => {
    const t = now();
    const cases = [
      link('sk_member', t - 61),
      link('sk_member', t + 120),
      { ...link('sk_member', t), token: md5(`sk_member${key}${t - 1}`) },
      { ...link('sk_member', t), token: md5(`sk_other${key}${t}`) },
      { ...link('sk_member', t), token: '0' },
      { username: 'sk_member', time: t, token: md5(`sk_member${t}`) }, // no key
    ];
    for (const q of cases) {
      const r = await open(q);
      expect(r.body?.error_code, JSON.stringify(q)).toBe(10101);
      expect(r.cookie).not.toContain('cookie_token=');
    }
  });

  it('works once: the same link again is refused', async () => {
    const l = link('sk_member');
    expect((await open(l)).status).toBe(302);
    const again = await open(l);
    expect(again.body.error_code).toBe(10101);
    expect(again.cookie).not.toContain('cookie_token=');
  });

  it('redirects only to a path on this site', async () => {
    expect((await open(link('sk_member', fresh(), { redirect: '/team/index' }))).location).toBe('/team/index');
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const r = await open(link('sk_member', fresh(), { redirect }));
      expect(r.location, `${redirect} ${JSON.stringify(r.body)}`).toBe('/item/index');
    }
  });

  it('stops working when the key is reset', async () => {
    const old = link('sk_member');
    const reset = await app.call('adminSetting/resetLoginSecretKey', {}, { token: admin.user_token });
    expect(reset.data.login_secret_key).not.toBe(key);
    expect((await open(old)).body.error_code).toBe(10101);
    key = reset.data.login_secret_key;
    expect((await open(link('sk_member'))).status).toBe(302);
  });
});
