// Accounts in the browser: register with the verification code, the 10102 redirect to the login
// screen and back, and the login captcha that appears after repeated failures (spec §4, §8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startE2EServer, TEST_CAPTCHA, type E2EServer } from './helpers/server';
import { launchBrowser, watchErrors } from './helpers/browser';
import { anonymousContext, appReady, here, PASSWORD, registerUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('accounts in the browser', () => {
  it('registers through the form with the verification code and lands on the item list', async () => {
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(server.url + '/user/register');
    await appReady(page);
    // the code image comes from the server (and sets the captcha cookie)
    const img = page.getByTestId('captcha-image');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/api\/common\/verify\?r=\d+/);
    await page.getByTestId('register-username').fill('e2e_reg');
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-again').fill(PASSWORD);

    // a wrong code: the error shows inline, the code field is emptied and a new image loads
    const firstSrc = await img.getAttribute('src');
    await page.getByTestId('captcha-input').fill('nope');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('form-error').waitFor();
    expect(here(page)).toBe('/user/register');
    await expect.poll(() => img.getAttribute('src')).not.toBe(firstSrc);
    expect(await page.getByTestId('captcha-input').inputValue()).toBe('');

    await page.getByTestId('captcha-input').fill(TEST_CAPTCHA);
    await page.getByTestId('register-submit').click();
    await page.waitForURL('**/item/index');
    await page.getByTestId('new-item').waitFor();
    // the session is the HttpOnly cookie; the page keeps no token
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).not.toMatch(/user_token|token/i);
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.httpOnly)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('10102: a guest at /item/index goes to the login screen and comes back after logging in', async () => {
    const user = await registerUser(server, 'e2e_back');
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(server.url + '/item/index');
    await page.waitForURL(/\/user\/login\?redirect=/);
    expect(here(page)).toBe('/user/login?redirect=%2Fitem%2Findex');
    await fillLogin(page, user.username, user.password);
    await page.waitForURL('**/item/index');
    expect(here(page)).toBe('/item/index');
    await context.close();
  });

  it('a redirect to another site is never followed after login', async () => {
    const user = await registerUser(server, 'e2e_evil');
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(server.url + '/user/login?redirect=' + encodeURIComponent('//evil.example/x'));
    await appReady(page);
    await fillLogin(page, user.username, user.password);
    await page.waitForURL('**/item/index');
    expect(new URL(page.url()).host).toBe(new URL(server.url).host);
    await context.close();
  });

  it('captcha flow: repeated wrong passwords reveal the code; the right password and code log in', async () => {
    const user = await registerUser(server, 'e2e_cap');
    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto(server.url + '/user/login');
    await appReady(page);
    expect(await page.getByTestId('captcha-input').count()).toBe(0);
    for (let i = 0; i < 8 && (await page.getByTestId('captcha-input').count()) === 0; i++) {
      await fillLogin(page, user.username, 'wrong-password');
      await page.getByTestId('form-error').waitFor();
      // the button comes back after 500 ms
      await expect.poll(() => page.getByTestId('login-submit').isEnabled()).toBe(true);
    }
    await page.getByTestId('captcha-input').waitFor();
    await page.getByTestId('captcha-image').waitFor();

    // the right password without the code is refused: the code field asks for it (the server's 10206 is in the HTTP suite)
    await fillLogin(page, user.username, user.password);
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allTextContents()).toContain('Enter the verification code');
    expect(here(page)).toBe('/user/login');
    await expect.poll(() => page.getByTestId('login-submit').isEnabled()).toBe(true);

    await page.getByTestId('captcha-input').fill(TEST_CAPTCHA);
    await fillLogin(page, user.username, user.password);
    await page.waitForURL('**/item/index');
    await context.close();
  });

  it('register and login screens speak Chinese for a Chinese browser', async () => {
    const context = await anonymousContext(browser, { locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(server.url + '/user/login');
    await appReady(page);
    await page.getByTestId('login-submit').waitFor();
    // antd spaces out two-character Chinese button labels
    expect(await page.getByTestId('login-submit').textContent()).toMatch(/登\s*录/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    // a server error message arrives in Chinese too (Accept-Language follows the UI)
    await fillLogin(page, 'nobody_here', 'whatever-123');
    const msg = await page.getByTestId('form-error').textContent();
    expect(msg).toMatch(/[\u4e00-\u9fff]/);
    await context.close();
  });

  it('switching the language loads the Chinese texts on demand and keeps the choice', async () => {
    const context = await anonymousContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(server.url + '/user/login');
    await appReady(page);
    expect(await page.getByTestId('login-submit').textContent()).toMatch(/log\s*in/i);
    await page.getByTestId('language-switch').click();
    await page.getByText('简体中文').click();
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toMatch(/登\s*录/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.reload();
    await appReady(page);
    expect(await page.getByTestId('login-submit').textContent()).toMatch(/登\s*录/);
    await context.close();
  });
});
