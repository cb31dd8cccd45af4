// Password reset in the browser (spec §2 reset by email, reset by link): the request form with its
// verification code, the mail (caught by a local SMTP sink), the link screen, the new password works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startE2EServer, TEST_CAPTCHA, type E2EServer } from './helpers/server';
import { launchBrowser, watchErrors } from './helpers/browser';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from './helpers/smtp';
import { anonymousContext, appReady, here, registerUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startE2EServer({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'quire@example.test' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('password reset', () => {
  it('asks by email with the code, follows the mailed link, sets a new password that logs in', async () => {
    const user = await registerUser(server, 'e2e_forgetful');
    // mailed links use only the configured site URL (never the request's Host); the first account is the administrator
    expect((await server.api('adminSetting/saveConfig', { site_url: server.url }, user.token)).error_code).toBe(0);
    const bound = await server.api('user/updateEmail', { email: 'forgetful@example.test', password: user.password }, user.token);
    expect(bound.error_code).toBe(0);

    const context = await anonymousContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + '/user/login');
    await appReady(page);
    await page.getByText('Forgot password?').click();
    await page.waitForURL('**/user/resetPassword');
    await page.getByTestId('reset-email').fill('forgetful@example.test');
    await page.getByTestId('captcha-input').fill(TEST_CAPTCHA);
    await page.getByTestId('reset-submit').click();
    await page.getByTestId('reset-sent').waitFor();

    const mail = decodeQuotedPrintable(await smtp.waitFor((m) => m.includes('ResetPasswordByUrl')));
    const link = mail.match(/https?:\/\/\S+\/user\/ResetPasswordByUrl\?\S+/)![0];
    expect(new URL(link).searchParams.get('uid')).toBe(String(user.uid));

    await page.goto(link);
    await page.getByTestId('reset-new-password').fill('Brand-new-pass-1');
    await page.getByTestId('reset-again').fill('Brand-new-pass-1');
    await page.getByTestId('reset-save').click();
    await page.waitForURL('**/user/login');

    const oldLogin = await server.api('user/login', { username: user.username, password: user.password });
    expect(oldLogin.error_code).not.toBe(0);
    const newLogin = await server.api('user/login', { username: user.username, password: 'Brand-new-pass-1' });
    expect(newLogin.error_code).toBe(0);

    // the link is single use: a second try shows the server's refusal inline
    await page.goto(link);
    await page.getByTestId('reset-new-password').fill('Another-pass-22');
    await page.getByTestId('reset-again').fill('Another-pass-22');
    await page.getByTestId('reset-save').click();
    await page.getByTestId('form-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/ResetPasswordByUrl');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an incomplete link says so and offers a new one', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(server.url + '/user/ResetPasswordByUrl?uid=1');
    await page.getByTestId('reset-incomplete').waitFor();
    await page.getByRole('button', { name: 'Request a new link' }).click();
    await page.waitForURL('**/user/resetPassword');
    expect(here(page)).toBe('/user/resetPassword');
    await context.close();
  });
});
