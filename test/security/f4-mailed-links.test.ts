// F4 — password-reset link poisoning: without PUBLIC_URL or the site_url setting the reset and
// email-confirmation links were built from the request's Host header, so a request sent with
// `Host: evil.example` mailed the victim a link to the attacker's site. Mailed links now come only
// from the configured site URL; without one the site refuses to mail links and says why.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { throttles, users } from '../../server/db/schema';
import { ErrorCode } from '../../shared/errors';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../e2e/helpers/smtp';
import { postWithHost, sinkSmtp } from './accountHelpers';

let app: TestApp;
let smtp: SmtpSink;
let admin: { uid: number; user_token: string };
let victim: { uid: number; user_token: string };

const NO_SITE_URL = 'This site cannot send links by mail until an administrator sets the site URL (PUBLIC_URL or the site URL in the admin settings)';

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startTestApp({ config: { smtp: sinkSmtp(smtp.port), publicUrl: '' } });
  admin = await app.register('f4_admin');
  victim = await app.register('f4_victim');
  await app.deps.db.update(users).set({ email: 'victim@example.com', emailVerify: 1 }).where(eq(users.uid, victim.uid));
}, 120_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
}, 60_000);
beforeEach(async () => {
  await app.deps.db.delete(throttles);
});

async function askReset(host: string) {
  const c = await app.captcha();
  return postWithHost(app, 'user/resetPasswordEmail', { email: 'victim@example.com', captcha_id: c.id, v_code: c.answer }, host);
}

describe('links in mails', () => {
  it('without a configured site URL no reset link is mailed, whatever the Host header says', async () => {
    const r = await askReset('evil.example');
    expect(r.error_code).toBe(ErrorCode.GENERIC);
    expect(r.error_message).toBe(NO_SITE_URL);

    // the email change mails no confirmation link either, and says so
    const change = await postWithHost(app, 'user/updateEmail', { email: 'victim2@example.com', password: 'secret-pass-1' }, 'evil.example', victim.user_token);
    expect(change.error_code).toBe(0);
    expect(change.data).toMatchObject({ email: 'victim2@example.com', mail_sent: false, mail_error: NO_SITE_URL, mail_error_code: ErrorCode.MAIL_UNAVAILABLE });
    expect((await app.call('common/homePageSetting')).data.mail_enabled).toBe(0);
    await app.deps.db.update(users).set({ email: 'victim@example.com', emailVerify: 1 }).where(eq(users.uid, victim.uid));

    // once the administrator sets the site URL, links use it and never the Host header
    expect((await app.call('adminSetting/saveConfig', { site_url: 'https://docs.example.com/' }, { token: admin.user_token })).error_code).toBe(0);
    const ok = await askReset('evil.example');
    expect(ok.error_code).toBe(0);
    const mail = decodeQuotedPrintable(await smtp.waitFor((m) => m.includes('ResetPasswordByUrl')));
    expect(mail).toContain(`https://docs.example.com/user/ResetPasswordByUrl?uid=${victim.uid}&`);
    // mails go out in order: had the first request mailed anything, it would be here by now
    expect(smtp.messages.length).toBe(1);
    expect(smtp.messages.join('\n')).not.toContain('evil.example');

    const change2 = await postWithHost(app, 'user/updateEmail', { email: 'victim3@example.com', password: 'secret-pass-1' }, 'evil.example', victim.user_token);
    expect(change2.data).toMatchObject({ email: 'victim3@example.com', mail_sent: true });
    expect(change2.data.mail_error).toBeUndefined();
    expect((await app.call('common/homePageSetting')).data.mail_enabled).toBe(1);
    const verify = decodeQuotedPrintable(await smtp.waitFor((m) => m.includes('verifyEmail')));
    expect(verify).toContain('https://docs.example.com/api/user/verifyEmail?uid=');
    expect(smtp.messages.join('\n')).not.toContain('evil.example');
  });

  it('the admin settings tell whether mail and the site URL are ready for mailed links', async () => {
    const cfg = await app.call('adminSetting/loadConfig', {}, { token: admin.user_token });
    expect(cfg.data).toMatchObject({ site_url: 'https://docs.example.com', mail_configured: 1, public_url: '' });
  });
});
