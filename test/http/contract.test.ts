// The HTTP contract (DESIGN §3): URL forms, envelope, parameter sources, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  token = (await app.register('contract_user')).user_token;
});
afterAll(() => app.close());

describe('URL forms', () => {
  it('answers /api/<c>/<a>, /server/api/<c>/<a> and /server/index.php?s= alike', async () => {
    const a = await app.call('/api/user/info', {}, { token });
    const b = await app.call('/server/api/user/info', {}, { token });
    const c = await app.call('/server/index.php?s=/api/user/info', {}, { method: 'GET', token });
    const d = await app.call(`/server/?s=api/user/info`, { user_token: token });
    for (const r of [a, b, c, d]) {
      expect(r.error_code).toBe(0);
      expect(r.data.username).toBe('contract_user');
    }
  });

  it('reads key/value path parameters after the action', async () => {
    const r = await app.call('/server/index.php?s=/api/item/add/item_name/From%20the%20path/item_type/1', {}, { token });
    const detail = await app.call('item/detail', { item_id: r.data.item_id }, { token });
    expect(detail.data.item_name).toBe('From the path');
  });

  it('accepts snake_case and camelCase controller names and any action case', async () => {
    const r1 = await app.call('/api/common/home_page_setting'.replace('home_page_setting', 'homePageSetting'));
    const r2 = await app.call('/api/Common/HOMEPAGESETTING');
    const r3 = await app.call('/api/script_cron/run');
    expect(r1.error_code).toBe(0);
    expect(r2.error_code).toBe(0);
    expect(r3.error_code).toBe(0);
  });

  it('answers an unknown route with HTTP 404 and 10404', async () => {
    const res = await app.fetch('/api/nothing/here', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error_code: 10404, error_message: 'Invalid request' });
    const s = await app.fetch('/server/index.php?s=/home/item/show');
    expect(s.status).toBe(400);
    expect((await s.json()).error_code).toBe(10400);
  });
});

describe('parameters', () => {
  it('reads JSON bodies, multipart fields and the query string', async () => {
    const json = await app.call('/api/user/info', { user_token: token }, { json: true });
    expect(json.data.username).toBe('contract_user');
    const form = new FormData();
    form.append('user_token', token);
    const multi = await (await app.fetch('/api/user/info', { method: 'POST', body: form })).json();
    expect(multi.data.username).toBe('contract_user');
    const item = await app.call('item/add', { item_name: 'Queried', item_type: 1 }, { token });
    const q = await app.call(`/api/item/detail?item_id=${item.data.item_id}`, {}, { token });
    expect(q.data.item_name).toBe('Queried');
  });

  it('accepts the token as Bearer, X-API-Token and cookie', async () => {
    const bearer = await app.call('/api/user/info', {}, { headers: { Authorization: `Bearer ${token}` } });
    const cookie = await app.call('/api/user/info', {}, { cookie: `cookie_token=${token}`, headers: { Origin: app.url } });
    expect(bearer.data.username).toBe('contract_user');
    expect(cookie.data.username).toBe('contract_user');
  });

  it('refuses a cookie-only request another site triggered', async () => {
    const r = await app.call('/api/user/info', {}, { cookie: `cookie_token=${token}`, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(r.error_code).toBe(10102);
    const o = await app.call('/api/user/info', {}, { cookie: `cookie_token=${token}`, headers: { Origin: 'https://evil.example' } });
    expect(o.error_code).toBe(10102);
  });

  it('refuses malformed JSON and oversized bodies with clear errors', async () => {
    const bad = await app.fetch('/api/user/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username": ' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error_message).toBe('Malformed JSON body');
    const huge = 'x'.repeat(9 * 1024 * 1024);
    const big = await app.fetch('/api/user/login', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'username=' + huge });
    expect(big.status).toBe(413);
    const body = await big.json();
    expect(body.error_code).toBe(10413);
    expect(body.error_message).toMatch(/too large/);
  });

  it('refuses objects and arrays where text is expected', async () => {
    const r = await app.call('/api/user/login', { username: { $ne: null }, password: 'x' }, { json: true });
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toBe('Parameter username must be text');
    const arr = await app.fetch('/api/user/login?username=a&username=b&password=x');
    expect((await arr.json()).error_code).toBe(10101);
  });

  it('refuses NUL characters in text (PostgreSQL cannot store them) and data too big for a QR code', async () => {
    const nul = await app.call('user/updateInfo', { name: 'a\u0000b' }, { token });
    expect(nul).toMatchObject({ error_code: 10101, error_message: 'Parameter name contains a NUL character' });
    const qr = await app.call('common/qrcode', { url: '好'.repeat(2000) });
    expect(qr).toMatchObject({ error_code: 10101, error_message: 'This address is too long for a QR code' });
  });

  it('answers in Chinese when the caller asks for it', async () => {
    const r = await app.call('/api/user/info', {}, { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } });
    expect(r).toEqual({ error_code: 10102, error_message: '你尚未登录' });
  });
});

describe('security headers', () => {
  it('sets nosniff, a CSP and a referrer policy', async () => {
    const res = await app.fetch('/api/common/version');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
