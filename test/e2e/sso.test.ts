// Single sign-on in the browser (issue #23): the OIDC button on the login page (English and
// Chinese, 1280 px and 390 px), the whole round trip through a real OpenID Connect provider
// (oidc-provider on loopback: its login and consent pages), a refused sign-in's message, and the
// admin console's form. Screenshots go to .tmp/shots/.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, watchErrors } from './helpers/browser';
import { anonymousContext, appReady, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidcProvider';

const SHOTS = path.resolve('.tmp/shots');
let server: E2EServer;
let browser: Browser;
let admin: TestUser;
let idp: TestOidcProvider;

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  admin = await registerUser(server, 'e2e_admin');
  idp = await startOidcProvider(`${server.url}/api/extLogin/oauth2`, {
    alice: { preferred_username: 'alice_sso', name: 'Alice SSO', email: 'alice@idp.test', email_verified: true },
  });
  const saved = await server.api('adminSetting/saveOauth2Config', { oauth2_open: 1, oauth2_form: JSON.stringify(idp.form({ entrance_tips: 'Sign in with Company SSO' })) }, admin.token);
  expect(saved.error_code, saved.error_message).toBe(0);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), idp?.stop()]);
});

describe('single sign-on', () => {
  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ] as const) {
    for (const width of [1280, 390]) {
      it(`the login page shows the provider's button (${lang}, ${width} px)`, async () => {
        const context = await anonymousContext(browser, { locale, width });
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto(server.url + '/user/login');
        await appReady(page);
        const button = page.getByTestId('login-sso');
        await button.waitFor();
        expect(await button.textContent()).toContain('Sign in with Company SSO');
        expect(await button.getAttribute('href')).toBe('/api/extLogin/oauth2?redirect=%2Fitem%2Findex');
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await shot(page, `sso-login-${lang}-${width}`);

        await page.goto(server.url + '/user/login?sso_error=state');
        await page.getByTestId('sso-error').waitFor();
        expect(await page.getByTestId('sso-error').textContent()).toContain(lang === 'en' ? 'was not started here' : '不是从本站发起');
        await shot(page, `sso-login-refused-${lang}-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('the round trip: the button, the provider login and consent, back in Quire logged in', async () => {
    const context = await anonymousContext(browser, { width: 1280 });
    const page = await context.newPage();
    await page.goto(server.url + '/user/login?redirect=%2Fitem%2Findex');
    await appReady(page);
    await page.getByTestId('login-sso').click();
    // the provider's own pages
    await page.waitForURL(`${idp.issuer}/interaction/**`);
    await page.locator('input[name="login"]').fill('alice');
    await page.locator('input[name="password"]').fill('any');
    await shot(page, 'sso-provider-login');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${idp.issuer}/interaction/**`);
    await page.locator('button[type="submit"]').click();
    // back on Quire's item list, logged in as the new account
    await page.waitForURL(`${server.url}/item/index`);
    await appReady(page);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('quire.user') ?? 'null')?.username)).toBe('alice_sso');
    await shot(page, 'sso-signed-in');
    await context.close();
  });

  for (const [lang, locale] of [
    ['en', 'en-US'],
    ['zh', 'zh-CN'],
  ] as const) {
    for (const width of [1280, 390]) {
      it(`the admin console's single sign-on form (${lang}, ${width} px)`, async () => {
        const context = await loggedInContext(browser, server, admin, { locale });
        const page = await context.newPage();
        await page.setViewportSize({ width, height: 1000 });
        const errors = watchErrors(page);
        await page.goto(server.url + '/admin/index?tab=sso');
        await page.getByTestId('admin-sso-form').waitFor();
        await expect.poll(() => page.getByTestId('sso-issuer').inputValue()).toBe(idp.issuer);
        expect(await page.getByTestId('sso-client-secret').inputValue()).toBe('');
        expect(await page.getByTestId('sso-callback').textContent()).toContain(`${server.url}/api/extLogin/oauth2`);
        expect(await page.content()).not.toContain(idp.form().client_secret);
        await shot(page, `sso-admin-${lang}-${width}`);
        if (lang === 'en' && width === 1280) {
          await page.getByTestId('sso-button-text').fill('Company login');
          await page.getByTestId('sso-save').click();
          await expect.poll(async () => (await server.api('user/oauthInfo')).data.oauth2_entrance_tips).toBe('Company login');
          // the stored value can show before the browser has the answer: a click on the still-loading button does nothing
          await expect.poll(() => page.getByTestId('sso-save').getAttribute('class')).not.toContain('ant-btn-loading');
          await page.getByTestId('sso-button-text').fill('Sign in with Company SSO');
          await page.getByTestId('sso-save').click();
          await expect.poll(async () => (await server.api('user/oauthInfo')).data.oauth2_entrance_tips).toBe('Sign in with Company SSO');
        }
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
