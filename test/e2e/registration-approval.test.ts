// Registration awaiting an administrator (security issue F3): the register screen says the new
// account waits, its login is refused with that reason, and once the administrator approves it
// in the admin console's user list the account logs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startE2EServer, TEST_CAPTCHA, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { anonymousContext, appReady, loggedInContext, PASSWORD, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  admin = await registerUser(server, 'e2e_admin');
  const saved = await server.api('adminSetting/saveConfig', { register_mode: 'approval' }, admin.token);
  expect(saved.error_code).toBe(0);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('registration awaiting approval', () => {
  it('the new account waits, is refused at login, and logs in once the administrator approves it', async () => {
    const guest = await anonymousContext(browser, { width: 1280 });
    const page = await guest.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + '/user/register');
    await appReady(page);
    await page.getByTestId('register-approval-note').waitFor();
    await page.getByTestId('register-username').fill('e2e_newbie');
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-again').fill(PASSWORD);
    await page.getByTestId('captcha-input').fill(TEST_CAPTCHA);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-waiting').waitFor();
    expect(await page.getByTestId('register-waiting').textContent()).toContain('e2e_newbie');
    await screenshot(page, 'register-awaiting-approval');

    await page.goto(server.url + '/user/login');
    await page.getByTestId('login-username').fill('e2e_newbie');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').textContent()).toContain('awaits approval');

    const adminContext = await loggedInContext(browser, server, admin);
    const console = await adminContext.newPage();
    await console.goto(server.url + '/admin/index');
    await console.getByTestId('admin-user-filter').getByText('Awaiting approval').click();
    await console.getByTestId('approve-e2e_newbie').click();
    await console.getByTestId('approve-e2e_newbie').waitFor({ state: 'detached' });
    await adminContext.close();

    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/item/index');
    expect(errors).toEqual([]);
    await guest.close();
  });
});
