// F3 — the captcha was solved by a script: svg-captcha draws every character with a fixed path,
// so the answer could be read back from the SVG source. The captcha is now a PNG whose glyphs are
// distorted at random, registration is limited per address even with solved captchas, and the
// administrator can make new accounts wait for an email confirmation or an approval.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { startTestApp, type TestApp } from '../helpers/app';
import { captchas, throttles, users } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';
import { tryRegister } from './accountHelpers';

let app: TestApp;
let admin: { uid: number; user_token: string };
let regular: { uid: number; user_token: string };

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.register('f3_admin');
  regular = await app.register('f3_regular');
}, 120_000);
afterAll(() => app.close(), 60_000);
beforeEach(async () => {
  await app.deps.db.delete(throttles);
  app.setNow(undefined);
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function imageOf(path: string): Promise<{ type: string | null; bytes: Buffer }> {
  const res = await app.fetch(path);
  return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('the captcha image', () => {
  it('is a PNG (no SVG source to read the glyphs from), never cached, and its bytes do not hold the answer', async () => {
    const res = await app.fetch('/api/common/verify');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(bytes.toString('latin1')).not.toMatch(/<svg|<path/i);
    const id = res.headers.get('x-captcha-id')!;
    const [row] = await app.deps.db.select().from(captchas).where(eq(captchas.captchaId, id));
    const text = bytes.toString('latin1').toLowerCase();
    expect(text).not.toContain(row.answer.toLowerCase());
    const png = PNG.sync.read(bytes);
    expect(png.width).toBeGreaterThanOrEqual(100);
    expect(png.height).toBeGreaterThanOrEqual(36);
  });

  it('two captchas with the same answer are drawn differently (random per-glyph distortion); one captcha reloads the same', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await app.call('common/createCaptcha')).data.captcha_id);
    await app.deps.db.update(captchas).set({ answer: 'k7mp' }).where(inArray(captchas.captchaId, ids));
    const a = await imageOf(`/api/common/showCaptcha?captcha_id=${ids[0]}`);
    const b = await imageOf(`/api/common/showCaptcha?captcha_id=${ids[1]}`);
    expect(a.type).toBe('image/png');
    expect(b.type).toBe('image/png');
    const pa = PNG.sync.read(a.bytes);
    const pb = PNG.sync.read(b.bytes);
    expect([pa.width, pa.height]).toEqual([pb.width, pb.height]);
    let differing = 0;
    for (let i = 0; i < pa.data.length; i += 4) if (pa.data[i] !== pb.data[i] || pa.data[i + 1] !== pb.data[i + 1]) differing++;
    // far more than noise at a few spots: the glyphs themselves sit differently
    expect(differing).toBeGreaterThan((pa.width * pa.height) / 10);
    // reloading the same captcha gives the same picture (no averaging of many draws of one answer)
    const again = await imageOf(`/api/common/showCaptcha?captcha_id=${ids[0]}`);
    expect(again.bytes.equals(a.bytes)).toBe(true);
  });
});

describe('registration per address', () => {
  it('the account after the daily allowance from one address is refused with 10429, even with solved captchas', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    app.setNow(t0);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await tryRegister(app, `f3_bulk_${i}`, 'bulk-pass-2024x')).error_code);
    expect(codes).toEqual(Array(20).fill(0));
    // an hour later the per-hour attempt window has passed, the daily account allowance has not
    app.setNow(t0 + 3700);
    const over = await tryRegister(app, 'f3_bulk_over', 'bulk-pass-2024x');
    expect(over.error_code).toBe(ErrorCode.RATE_LIMITED);
    expect(over.error_message).toMatch(/^Too many requests; try again in \d+ seconds$/);
    expect(await app.deps.db.select().from(users).where(eq(users.username, 'f3_bulk_over'))).toEqual([]);
    // a day later the address may register again
    app.setNow(t0 + 86400 + 60);
    expect((await tryRegister(app, 'f3_bulk_next_day', 'bulk-pass-2024x')).error_code).toBe(0);
  });
});

describe('new accounts awaiting an administrator', () => {
  it('registers a pending account that cannot log in until an administrator approves it; others cannot approve', async () => {
    expect((await app.call('adminSetting/saveConfig', { register_mode: 'approval' }, { token: admin.user_token })).error_code).toBe(0);
    const reg = await tryRegister(app, 'f3_waiting', 'waiting-pass-77');
    expect(reg.error_code).toBe(0);
    expect(reg.data).toMatchObject({ username: 'f3_waiting', awaiting: 'approval' });
    expect(reg.data.user_token).toBeUndefined();
    const login = await app.login('f3_waiting', 'waiting-pass-77');
    expect(login.error_code).toBe(ErrorCode.ACCOUNT_PENDING);
    expect(login.error_message).toBe('Your account awaits approval by an administrator');
    // the wrong password does not tell that the account is pending
    expect((await app.login('f3_waiting', 'not-the-password')).error_code).toBe(ErrorCode.WRONG_CREDENTIALS);

    const list = await app.call('adminUser/getList', { status: 'pending' }, { token: admin.user_token });
    expect(list.data.users.map((u: any) => [u.username, u.status])).toEqual([['f3_waiting', 'pending']]);

    const otherToken = regular.user_token;
    const refused = await app.call('adminUser/approve', { uid: reg.data.uid }, { token: otherToken });
    expect(refused.error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await app.login('f3_waiting', 'waiting-pass-77')).error_code).toBe(ErrorCode.ACCOUNT_PENDING);

    expect((await app.call('adminUser/approve', { uid: reg.data.uid }, { token: admin.user_token })).error_code).toBe(0);
    expect((await app.login('f3_waiting', 'waiting-pass-77')).error_code).toBe(0);

    const rejected = await tryRegister(app, 'f3_rejected', 'rejected-pass-77');
    expect((await app.call('adminUser/reject', { uid: rejected.data.uid }, { token: otherToken })).error_code).toBe(ErrorCode.NO_PERMISSION);
    expect((await app.call('adminUser/reject', { uid: rejected.data.uid }, { token: admin.user_token })).error_code).toBe(0);
    expect(await app.deps.db.select().from(users).where(eq(users.username, 'f3_rejected'))).toEqual([]);
    // reject is for pending accounts only: an active account is deleted through deleteUser
    const active = await app.call('adminUser/reject', { uid: reg.data.uid }, { token: admin.user_token });
    expect(active.error_code).toBe(ErrorCode.GENERIC);
    expect((await app.login('f3_waiting', 'waiting-pass-77')).error_code).toBe(0);
    await app.call('adminSetting/saveConfig', { register_mode: 'open' }, { token: admin.user_token });
  });

  it('email confirmation cannot be chosen while the server sends no mail', async () => {
    const r = await app.call('adminSetting/saveConfig', { register_mode: 'email' }, { token: admin.user_token });
    expect(r.error_code).toBe(ErrorCode.GENERIC);
    expect(r.error_message).toMatch(/SMTP/);
    expect((await app.deps.settings.get()).register_mode).toBe('open');
  });
});
