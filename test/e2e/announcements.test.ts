// Issue #20 in the browser: an announcement posted in the admin console pops up live in another
// user's open tab, and the editor's SQL → table tool inserts a data dictionary. Screenshots in
// English and Chinese at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { addMember, appReady, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';
import { editorReady, editorShows } from './helpers/editor';

let server: E2EServer;
let browser: Browser;
let admin: TestUser;
let member: TestUser;
let itemId: number;
const contexts: BrowserContext[] = [];

const LANGS = [
  { locale: 'en-US', tag: 'en' },
  { locale: 'zh-CN', tag: 'zh' },
] as const;

async function open(user: TestUser, locale: string, path: string): Promise<Page> {
  const context = await loggedInContext(browser, server, user, { locale });
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
  server = await startE2EServer();
  browser = await launchBrowser();
  admin = await registerUser(server, 'ann_admin'); // the first account is the administrator
  member = await registerUser(server, 'ann_member');
  itemId = await createItem(server, admin, { item_name: 'Data model' });
  await addMember(server, admin, itemId, member.username, 1);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('announcements', () => {
  it('an announcement posted in the admin console pops up live in an open tab', async () => {
    for (const { locale, tag } of LANGS) {
      const reader = await open(member, locale, '/item/index');
      await reader.waitForSelector('[data-live="connected"]', { state: 'attached' });
      const console_ = await open(admin, locale, '/admin/index?tab=announcements');
      const errors = watchErrors(console_);
      await console_.waitForSelector('[data-testid="admin-announcements"]');
      const text = `Maintenance (${tag}) tonight at 22:00`;
      await console_.fill('[data-testid="announcement-text"]', text);
      await console_.click('[data-testid="post-announcement"]');
      await console_.waitForSelector(`[data-testid="announcement-list"] :text("${text}")`);
      await shots(console_, `announcements-admin-${tag}`);

      const popup = await reader.waitForSelector('[data-testid="live-announcement"]', { timeout: 10_000 });
      expect(await popup.textContent()).toBe(text);
      expect(await reader.locator('.ant-notification-notice-title').first().textContent()).toBe(tag === 'en' ? 'Announcement' : '系统公告');
      await shots(reader, `announcements-live-${tag}`);
      // it opens below the header: the account menu under it stays in reach
      const menuFree = await reader.evaluate(() => {
        const menu = document.querySelector('[data-testid="user-menu"]')!.getBoundingClientRect();
        const hit = document.elementFromPoint(menu.x + menu.width / 2, menu.y + menu.height / 2);
        return !!hit?.closest('[data-testid="user-menu"]');
      });
      expect(menuFree).toBe(true);
      const notice = await reader.locator('.ant-notification-notice').first().boundingBox();
      expect(notice!.y).toBeGreaterThanOrEqual(56);
      expect(errors).toEqual([]);
      if (tag === 'en') {
        // the pop-up leads to the notices, where the announcement stays
        await popup.click();
        await reader.waitForURL((u) => u.pathname === '/notice/index');
        await reader.waitForSelector('[data-testid="notice-list"] :text("Announcement")');
      }
    }
  });
});

describe('SQL → table', () => {
  it('pastes CREATE TABLE SQL into the tool and inserts the data dictionary into the page', async () => {
    // both languages at once, each on its own page
    await Promise.all(LANGS.map(async ({ locale, tag }) => {
      const pageId = await createPage(server, admin, { item_id: itemId, page_title: `Tables ${tag}`, page_content: '# Tables\n' });
      const page = await open(member, locale, `/page/edit/${itemId}/${pageId}`);
      await editorReady(page);
      await page.click('[data-testid="sql-table-tool"]');
      await page.fill('[data-testid="sql-input"]', `CREATE TABLE orders_${tag} (\n  id int NOT NULL AUTO_INCREMENT COMMENT 'Order id',\n  total decimal(10,2) DEFAULT '0.00' COMMENT 'Sum',\n  PRIMARY KEY (id)\n) COMMENT='Orders';`);
      await shots(page, `sql-table-dialog-${tag}`);
      await page.click('.ant-modal-footer .ant-btn-primary');
      await editorShows(page, [`orders_${tag} Orders`, '| id | int | ', 'Order id', '| total | decimal(10,2) |']);
      await editorShows(page, [tag === 'en' ? '| Field | Type | Null | Default | Comment |' : '| 字段 | 类型 | 允许空 | 默认 | 说明 |']);
      await shots(page, `sql-table-inserted-${tag}`);
    }));
  });
});
