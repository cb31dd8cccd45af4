// Upload quotas in the browser: the administrator sets them in the web settings; a user sees
// "used X of Y" and which of their files no page uses (removed after 24 hours); the admin's
// attachment list shows the site's usage against its quota. Screenshots in both languages at
// 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { appReady, createItem, createPage, registerUser, type TestUser } from './helpers/fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: E2EServer;
let browser: Browser;
let admin: TestUser;
let ann: TestUser;

async function upload(user: TestUser, name: string, kb: number, pageId = 0) {
  const form = new FormData();
  form.append('page_id', String(pageId));
  form.append('file', new Blob([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(kb * 1024)]))], { type: 'image/png' }), name);
  const res = await fetch(`${server.url}/api/page/upload`, { method: 'POST', body: form, headers: { 'X-API-Token': user.token } });
  const body = (await res.json()) as { error_code: number; error_message?: string };
  expect(body.error_code, body.error_message).toBe(0);
}

async function contextFor(user: TestUser, locale: string, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
  const res = await context.request.post(`${server.url}/api/user/login`, { form: { username: user.username, password: user.password } });
  expect((await res.json()).error_code).toBe(0);
  return context;
}

async function open(context: BrowserContext, path: string, testId: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(server.url + path);
  await appReady(page);
  await page.getByTestId(testId).waitFor({ timeout: 20_000 });
  return { page, errors };
}

const SHOTS = [
  { locale: 'en-US', lang: 'en', width: 1280 },
  { locale: 'en-US', lang: 'en', width: 390 },
  { locale: 'zh-CN', lang: 'zh', width: 1280 },
  { locale: 'zh-CN', lang: 'zh', width: 390 },
] as const;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  admin = await registerUser(server, 'quota_admin'); // the first account is the administrator
  ann = await registerUser(server, 'quota_ann');
  const item = await createItem(server, ann, { item_name: 'Quota handbook' });
  const page = await createPage(server, ann, { item_id: item, page_title: 'Diagrams', page_content: '# Diagrams' });
  await upload(ann, 'architecture.png', 300, page);
  await upload(ann, 'draft-sketch.png', 120);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('upload quotas', () => {
  it('the administrator sets both quotas in the web settings', async () => {
    const context = await contextFor(admin, 'en-US', 1280);
    const { page, errors } = await open(context, '/admin/index?tab=settings', 'admin-settings-form');
    const userQuota = page.locator('[data-testid="user-quota"] input, input[data-testid="user-quota"]').first();
    const siteQuota = page.locator('[data-testid="site-quota"] input, input[data-testid="site-quota"]').first();
    await expect.poll(() => userQuota.inputValue()).toBe('1024');
    expect(await siteQuota.inputValue()).toBe('0');
    await userQuota.fill('1');
    await siteQuota.fill('2');
    await page.getByTestId('admin-settings-form').locator('button[type="submit"]').click();
    await expect.poll(async () => (await server.api('adminSetting/loadConfig', {}, admin.token)).data, { timeout: 10_000 }).toMatchObject({
      user_upload_quota_mb: 1,
      site_upload_quota_mb: 2,
    });
    await page.getByTestId('user-quota').scrollIntoViewIfNeeded();
    await screenshot(page, 'quota-admin-settings-en-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a user sees the share of their quota in use and the files no page uses', async () => {
    for (const [locale, used, orphan] of [
      ['en-US', /0\.41 MB of 1 MB/, 'Not in any page'],
      ['zh-CN', /0\.41 MB \/ 1 MB/, '未被页面使用'],
    ] as const) {
      const context = await contextFor(ann, locale, 1280);
      const { page, errors } = await open(context, '/attachment/index', 'attachment-list');
      await expect.poll(() => page.getByTestId('attachment-quota').innerText()).toMatch(used);
      const tags = page.getByTestId('orphan-tag');
      await expect.poll(() => tags.count()).toBe(1);
      expect(await tags.innerText()).toBe(orphan);
      // the tag is on the file sent to no page
      expect(await page.getByRole('row').filter({ has: tags }).innerText()).toContain('draft-sketch.png');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the administrator sees the site against its quota', async () => {
    const context = await contextFor(admin, 'en-US', 1280);
    const { page } = await open(context, '/admin/index?tab=attachments', 'admin-attachment-list');
    await expect.poll(() => page.getByTestId('site-usage').innerText()).toMatch(/0\.41 MB of 2 MB/);
    await context.close();
  });

  it('looks right in both languages and widths', async () => {
    const screens = [
      { user: ann, path: '/attachment/index', testId: 'attachment-list', name: 'my-attachments' },
      { user: admin, path: '/admin/index?tab=attachments', testId: 'admin-attachment-list', name: 'admin-attachments' },
      { user: admin, path: '/admin/index?tab=settings', testId: 'admin-settings-form', name: 'admin-settings' },
    ];
    for (const s of screens) {
      for (const shot of SHOTS) {
        const context = await contextFor(s.user, shot.locale, shot.width);
        const { page, errors } = await open(context, s.path, s.testId);
        await page.getByText(/quota_ann|draft-sketch|MB/).first().waitFor();
        if (s.name === 'admin-settings') await page.getByTestId('site-quota').scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await screenshot(page, `quota-${s.name}-${shot.lang}-${shot.width}`);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
