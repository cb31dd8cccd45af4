// F12 — the password reset's timing told registered emails from unknown ones: the answer waited
// for the SMTP server only when the address had an account. The answer now comes first, the same
// for both, and the mail goes out after it. The SMTP server here takes two seconds to accept a
// mail, so an answer that waited for it would come after the mail was received.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { passwordResets, throttles, users } from '../../server/db/schema';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../e2e/helpers/smtp';
import { sinkSmtp } from './accountHelpers';

let app: TestApp;
let smtp: SmtpSink;
let uid = 0;

beforeAll(async () => {
  smtp = await startSmtpSink({ acceptDelayMs: 2000 });
  app = await startTestApp({ config: { smtp: sinkSmtp(smtp.port), publicUrl: 'https://docs.example.com' } });
  await app.register('f12_admin');
  uid = (await app.register('f12_known')).uid;
  await app.deps.db.update(users).set({ email: 'known@example.com' }).where(eq(users.uid, uid));
}, 120_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
}, 60_000);
beforeEach(async () => {
  await app.deps.db.delete(throttles);
});

async function askReset(email: string) {
  const c = await app.captcha();
  return app.call('user/resetPasswordEmail', { email, captcha_id: c.id, v_code: c.answer });
}

describe('password reset by email', () => {
  it('answers before the mail is handed to the SMTP server, the same for known and unknown addresses', async () => {
    const known = await askReset('known@example.com');
    // the SMTP server has not accepted the mail yet: the answer did not wait for it
    expect(smtp.messages).toEqual([]);
    const unknown = await askReset('nobody@example.com');
    expect(unknown).toEqual(known);
    expect(known).toEqual({ error_code: 0, data: { sent: 1 } });

    const mail = decodeQuotedPrintable(await smtp.waitFor((m) => m.includes('ResetPasswordByUrl')));
    expect(mail).toContain(`https://docs.example.com/user/ResetPasswordByUrl?uid=${uid}&`);
    expect(await app.deps.db.select().from(passwordResets).where(eq(passwordResets.uid, uid))).toHaveLength(1);
  });
});
