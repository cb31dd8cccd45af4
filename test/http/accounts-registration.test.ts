// How new accounts start (admin setting register_mode): at once, after confirming their email
// (the link mailed to them), or after an administrator's approval (security issue F3).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { throttles, users } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../e2e/helpers/smtp';
import { sinkSmtp, tryRegister } from '../security/accountHelpers';

let app: TestApp;
let smtp: SmtpSink;
let admin: { uid: number; user_token: string };

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startTestApp({ config: { smtp: sinkSmtp(smtp.port), publicUrl: '' } });
  admin = await app.register('reg_admin');
}, 120_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
}, 60_000);
beforeEach(async () => {
  await app.deps.db.delete(throttles);
});

const save = (p: Record<string, unknown>) => app.call('adminSetting/saveConfig', p, { token: admin.user_token });
const statusOf = async (uid: number) => (await app.deps.db.select({ s: users.status }).from(users).where(eq(users.uid, uid)))[0].s;

describe('register_mode', () => {
  it('is open by default, refuses unknown modes and email without a site URL, and is kept once valid', async () => {
    expect((await app.call('adminSetting/loadConfig', {}, { token: admin.user_token })).data).toMatchObject({ register_mode: 'open', mail_configured: 1 });
    const bad = await save({ register_mode: 'sometimes' });
    expect(bad.error_code).toBe(ErrorCode.GENERIC);
    const noUrl = await save({ register_mode: 'email' });
    expect(noUrl.error_message).toBe('New accounts cannot confirm their email until the site URL is set');
    expect((await save({ register_mode: 'email', site_url: 'https://docs.example.com' })).data.register_mode).toBe('email');
    // the site URL cannot be taken away while new accounts need it
    expect((await save({ site_url: '' })).error_code).toBe(ErrorCode.GENERIC);
    expect((await app.deps.settings.get()).site_url).toBe('https://docs.example.com');
    expect((await app.call('adminSetting/saveConfig', { register_mode: 'open' })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('email: the account logs in once the mailed link is opened', async () => {
    await save({ register_mode: 'email' });
    const noEmail = await tryRegister(app, 'reg_mailless', 'confirm-pass-42');
    expect(noEmail.error_message).toBe('New accounts confirm their email address on this site: give an email address');
    const c = await app.captcha();
    const r = await app.call('user/register', { username: 'reg_mia', email: 'mia@example.com', password: 'confirm-pass-42', confirm_password: 'confirm-pass-42', captcha_id: c.id, v_code: c.answer });
    expect(r.error_code).toBe(0);
    expect(r.data).toEqual({ uid: r.data.uid, username: 'reg_mia', email: 'mia@example.com', awaiting: 'email' });
    expect(await statusOf(r.data.uid)).toBe('unconfirmed');

    const login = await app.login('reg_mia', 'confirm-pass-42');
    expect([login.error_code, login.error_message]).toEqual([ErrorCode.ACCOUNT_UNCONFIRMED, 'Confirm your email address first: open the link we mailed to mia@example.com']);
    // the login sent a fresh link too: two mails now
    await smtp.waitFor(() => smtp.messages.filter((m) => m.includes('mia@example.com')).length >= 2);
    const mail = decodeQuotedPrintable(smtp.messages.find((m) => m.includes('mia@example.com'))!);
    const link = mail.match(/https:\/\/docs\.example\.com(\/api\/user\/verifyEmail\?[^\s]+)/)![1];
    const res = await app.fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/user/login?email_verified=1');
    expect(await statusOf(r.data.uid)).toBe('active');
    expect((await app.login('reg_mia', 'confirm-pass-42')).error_code).toBe(0);
    await save({ register_mode: 'open' });
  });

  it('approval: the admin lists the waiting accounts with their state', async () => {
    await save({ register_mode: 'approval' });
    const r = await tryRegister(app, 'reg_pat', 'approve-pass-42');
    expect(r.data.awaiting).toBe('approval');
    const all = await app.call('adminUser/getList', {}, { token: admin.user_token });
    expect(all.data.users.find((u: any) => u.username === 'reg_pat').status).toBe('pending');
    expect((await app.call('adminUser/getList', { status: 'nonsense' }, { token: admin.user_token })).error_code).toBe(ErrorCode.GENERIC);
    expect((await app.call('adminUser/approve', { uid: r.data.uid })).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await app.call('adminUser/approve', { uid: 99999 }, { token: admin.user_token })).error_code).toBe(ErrorCode.USER_NOT_FOUND);
    const ok = await app.call('adminUser/approve', { uid: r.data.uid }, { token: admin.user_token });
    expect(ok.data).toMatchObject({ username: 'reg_pat', status: 'active' });
    expect((await app.login('reg_pat', 'approve-pass-42')).error_code).toBe(0);
    await save({ register_mode: 'open' });
  });
});
