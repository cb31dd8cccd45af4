// Issue #23 (D) in the browser: the administrator switches the public square on, a visitor finds it
// in the header and searches it; the admin console's sign-in links (secret key) and LDAP user sync
// against a real slapd; the notice webhook in personal settings refusing a private address.
// Screenshots in English and Chinese at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { anonymousContext, appReady, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';
import { startLdap, type LdapServer } from '../helpers/ldap';

let server: E2EServer;
let browser: Browser;
let ldap: LdapServer;
let admin: TestUser;
let member: TestUser;
const contexts: BrowserContext[] = [];

const LANGS = [
  { locale: 'en-US', tag: 'en' },
  { locale: 'zh-CN', tag: 'zh' },
] as const;

async function open(user: TestUser | null, locale: string, path: string): Promise<Page> {
  const context = user ? await loggedInContext(browser, server, user, { locale }) : await anonymousContext(browser, { locale });
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}${path}`);
  await appReady(page);
  return page;
}

/** the same screen at 1280 and 390 px */
async function shots(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 900 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  [server, ldap] = await Promise.all([startE2EServer(), startLdap()]);
  browser = await launchBrowser();
  admin = await registerUser(server, 'sq_admin'); // the first account is the administrator
  member = await registerUser(server, 'sq_member');
  const api = await createItem(server, member, { item_name: 'Payments API', item_description: 'REST endpoints of the payment gateway', item_domain: 'payments' });
  await createPage(server, member, { item_id: api, page_title: 'Refunds', page_content: 'POST /refunds returns a refund receipt' });
  await createItem(server, member, { item_name: 'Team handbook', item_description: 'How we work' });
  await createItem(server, admin, { item_name: 'Release notes', item_description: '' });
  await createItem(server, member, { item_name: 'Salaries', item_description: 'private', password: 'Locked-item-1' });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await Promise.all([server?.stop(), ldap?.stop()]);
});

describe('public square', () => {
  it('is off by default: no header link, and its address says so', async () => {
    const page = await open(null, 'en-US', '/public-square');
    await page.waitForSelector('[data-testid="public-square-off"]');
    expect(await page.locator('[data-testid="public-square-link"]').count()).toBe(0);
  });

  it('the administrator switches it on in the web settings', async () => {
    for (const { locale, tag } of LANGS) {
      const page = await open(admin, locale, '/admin/index?tab=settings');
      const errors = watchErrors(page);
      await page.waitForSelector('[data-testid="admin-settings-form"]');
      const toggle = page.locator('[data-testid="enable-public-square"]');
      await toggle.scrollIntoViewIfNeeded();
      if (tag === 'en') {
        expect(await toggle.getAttribute('aria-checked')).toBe('false');
        await toggle.click();
        await page.click('[data-testid="admin-settings-save"]');
        await expect.poll(async () => (await server.api('publicSquare/checkEnabled')).data).toEqual({ enable: 1 });
      }
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await shots(page, `square-admin-switch-${tag}`);
      expect(errors).toEqual([]);
    }
  });

  it('a visitor finds it in the header, sees the public items only, and searches names and page text', async () => {
    for (const { locale, tag } of LANGS) {
      const page = await open(null, locale, '/');
      const errors = watchErrors(page);
      await page.click('[data-testid="public-square-link"]');
      await page.waitForURL((u) => u.pathname === '/public-square');
      await page.waitForSelector('[data-testid="square-card"]');
      const names = await page.locator('[data-testid="square-card"] .item-name').allTextContents();
      expect(names.sort()).toEqual(['Payments API', 'Release notes', 'Team handbook']);
      await shots(page, `square-list-${tag}`);

      await page.locator('[data-testid="square-search-type"] label').nth(1).click();
      await page.fill('[data-testid="square-search"] input', 'refund receipt');
      await page.press('[data-testid="square-search"] input', 'Enter');
      await expect.poll(() => page.locator('[data-testid="square-card"] .item-name').allTextContents()).toEqual(['Payments API']);
      expect(new URL(page.url()).search).toContain('search_type=content');
      await shots(page, `square-search-${tag}`);

      await page.click('[data-testid="square-card"]');
      await page.waitForURL((u) => u.pathname === '/payments');
      expect(errors).toEqual([]);
    }
  });

  it('a signed-in user has the link in the item list header', async () => {
    const page = await open(member, 'en-US', '/item/index');
    await page.waitForSelector('[data-testid="public-square-link"]');
  });
});

describe('admin console: sign-in links and LDAP sync', () => {
  it('shows the login secret key and resets it', async () => {
    for (const { locale, tag } of LANGS) {
      const page = await open(admin, locale, '/admin/index?tab=signInLinks');
      const errors = watchErrors(page);
      const box = page.locator('[data-testid="login-secret-key"]');
      await expect.poll(() => box.inputValue()).toMatch(/^[0-9a-f]{32}$/);
      const before = await box.inputValue();
      await shots(page, `sign-in-links-${tag}`);
      await page.click('[data-testid="login-secret-key-reset"]');
      await page.click('[data-testid="confirm-ok"]');
      await expect.poll(() => box.inputValue()).not.toBe(before);
      expect(await box.inputValue()).toMatch(/^[0-9a-f]{32}$/);
      expect(errors).toEqual([]);
    }
  });

  it('syncs the directory’s people into accounts and says what it did', async () => {
    const saved = await server.api('adminSetting/saveConfig', { ldap_open: 1, ldap_form: JSON.stringify(ldap.form()) }, admin.token);
    expect(saved.error_code, JSON.stringify(saved)).toBe(0);
    for (const { locale, tag } of LANGS) {
      const page = await open(admin, locale, '/admin/index?tab=settings');
      const errors = watchErrors(page);
      const button = page.locator('[data-testid="ldap-sync-button"]');
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const report = page.locator('[data-testid="ldap-sync-report"]');
      await report.waitFor();
      expect(await report.textContent()).toContain(tag === 'en' ? '4 people in the directory' : '目录中共 4 人');
      await report.scrollIntoViewIfNeeded();
      await shots(page, `ldap-sync-${tag}`);
      expect(errors).toEqual([]);
    }
    const users = await server.api<{ users: { username: string }[] }>('adminUser/getList', { page: 1, count: 50 }, admin.token);
    expect(users.data.users.map((u) => u.username)).toEqual(expect.arrayContaining(['alice', 'bob', 'carol', 'dave']));
  });
});

describe('notice webhook', () => {
  it('personal settings refuse a private address and keep a public one', async () => {
    for (const { locale, tag } of LANGS) {
      const page = await open(member, locale, '/user/setting');
      const errors = watchErrors(page);
      const input = page.locator('[data-testid="webhook-url"]');
      await input.scrollIntoViewIfNeeded();
      await input.fill('http://169.254.169.254/latest/meta-data/');
      await page.click('[data-testid="webhook-save"]');
      await page.waitForSelector(tag === 'en' ? 'text=not on the public internet' : 'text=不在公网上');
      await shots(page, `webhook-refused-${tag}`);
      expect((await server.api('user/getPushUrl', {}, member.token)).data).toEqual({ push_url: '' });
      // a public address (an IP literal: the test machine has no DNS) is kept
      await input.fill('https://93.184.216.34/hooks/quire');
      await page.click('[data-testid="webhook-save"]');
      await expect.poll(async () => (await server.api('user/getPushUrl', {}, member.token)).data).toEqual({ push_url: 'https://93.184.216.34/hooks/quire' });
      await page.waitForSelector('[data-testid="webhook-remove"]');
      await shots(page, `webhook-saved-${tag}`);
      await page.click('[data-testid="webhook-remove"]');
      await expect.poll(async () => (await server.api('user/getPushUrl', {}, member.token)).data).toEqual({ push_url: '' });
      expect(errors.filter((e) => !/status of 200|Failed to load resource/.test(e))).toEqual([]);
    }
  });
});
