// Data for the browser suites, made through the public API (spec §7) the way any client would:
// users by registering with the test captcha, items, catalogs, pages and members by their owners.
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TEST_CAPTCHA, type E2EServer } from './server';

export interface TestUser {
  uid: number;
  username: string;
  password: string;
  token: string;
}

export const PASSWORD = 'Secret-123456';

async function ok<T>(server: E2EServer, route: string, body: Record<string, string | number>, token?: string): Promise<T> {
  const res = await server.api<T>(route, body, token);
  if (res.error_code !== 0) throw new Error(`${route} → ${res.error_code} ${res.error_message ?? ''}`);
  return res.data;
}

export async function registerUser(server: E2EServer, username: string): Promise<TestUser> {
  const captcha = await server.api<{ captcha_id: string }>('common/createCaptcha');
  const data = await ok<{ uid: number; user_token: string }>(server, 'user/register', {
    username,
    password: PASSWORD,
    confirm_password: PASSWORD,
    v_code: TEST_CAPTCHA,
    captcha_id: captcha.data.captcha_id,
  });
  return { uid: Number(data.uid), username, password: PASSWORD, token: data.user_token };
}

export async function createItem(
  server: E2EServer,
  owner: TestUser,
  p: { item_name: string; password?: string; item_type?: number; item_description?: string; item_domain?: string },
): Promise<number> {
  const data = await ok<{ item_id: number }>(
    server,
    'item/add',
    { item_type: p.item_type ?? 1, item_name: p.item_name, item_description: p.item_description ?? '', item_domain: p.item_domain ?? '', password: p.password ?? '' },
    owner.token,
  );
  return Number(data.item_id);
}

export async function createCatalog(server: E2EServer, owner: TestUser, item_id: number, cat_name: string, parent_cat_id = 0): Promise<number> {
  const data = await ok<number | { cat_id: number }>(server, 'catalog/save', { item_id, cat_name, parent_cat_id }, owner.token);
  return Number(typeof data === 'object' && data ? data.cat_id : data);
}

export async function createPage(
  server: E2EServer,
  owner: TestUser,
  p: { item_id: number; cat_id?: number; page_title: string; page_content: string; s_number?: number },
): Promise<number> {
  const data = await ok<{ page_id: number }>(
    server,
    'page/save',
    {
      page_id: 0,
      item_id: p.item_id,
      cat_id: p.cat_id ?? 0,
      page_title: p.page_title,
      page_content: encodeURIComponent(p.page_content),
      is_urlencode: 1,
      ...(p.s_number ? { s_number: p.s_number } : {}),
    },
    owner.token,
  );
  return Number(data.page_id);
}

export async function addMember(server: E2EServer, owner: TestUser, item_id: number, username: string, member_group_id: 0 | 1): Promise<void> {
  await ok(server, 'member/save', { item_id, username, member_group_id, cat_id: 0 }, owner.token);
}

export async function createShareLink(server: E2EServer, owner: TestUser, page_id: number): Promise<string> {
  const data = await ok<{ unique_key: string }>(server, 'page/createSinglePage', { page_id, isCreateSiglePage: 'true' }, owner.token);
  expect(data.unique_key).toMatch(/^[0-9a-f]{32}$/);
  return data.unique_key;
}

/** A browser context logged in as `user` (the login answer sets the HttpOnly session cookie). */
export async function loggedInContext(browser: Browser, server: E2EServer, user: TestUser, opts: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: opts.locale ?? 'en-US', viewport: { width: 1600, height: 1000 } });
  const res = await context.request.post(`${server.url}/api/user/login`, { form: { username: user.username, password: user.password } });
  const body = await res.json();
  if (body.error_code !== 0) throw new Error(`login ${user.username} → ${body.error_code} ${body.error_message}`);
  return context;
}

export async function anonymousContext(browser: Browser, opts: { locale?: string; width?: number } = {}): Promise<BrowserContext> {
  return browser.newContext({ locale: opts.locale ?? 'en-US', viewport: { width: opts.width ?? 1600, height: 1000 } });
}

/** Waits until the React app rendered something into #root. */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
}

/** The path + query the browser is at. */
export function here(page: Page): string {
  const u = new URL(page.url());
  return u.pathname + u.search;
}
