// Item groups, stars and the change log in the browser: groups made in the editor become tabs
// above the item list and show their items; a star on a card fills the "Starred" tab; the change
// log in item settings names who changed which page. Screenshots in English and Chinese at 1280
// and 390 px go to .tmp/screenshots/item-groups-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { appReady, createCatalog, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let ann: TestUser;
let manual = 0;

const cardOf = (page: Page, itemId: number) => page.locator(`[data-testid="item-card"][data-item-id="${itemId}"]`);
const shownItems = (page: Page) => page.locator('[data-testid="item-card"]').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-item-id'))));

/** No transition still running (antd's modal zoom, the tabs' ink bar), so the screenshot shows the end state. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

/** ann's session (one login: password hashing is slow on purpose), for a context in any language and width */
let session: Awaited<ReturnType<BrowserContext['storageState']>>;

async function openAs(locale: string, width: number, path: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 }, storageState: session });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`);
  await appReady(page);
  return page;
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  ann = await registerUser(server, 'groups_ann');
  manual = await createItem(server, ann, { item_name: 'Manual', item_description: 'How to use the product' });
  await createItem(server, ann, { item_name: 'Roadmap' });
  const cat = await createCatalog(server, ann, manual, 'Guides');
  await createPage(server, ann, { item_id: manual, cat_id: cat, page_title: 'Install', page_content: '# Install' });
  const first = await loggedInContext(browser, server, ann);
  session = await first.storageState();
  await first.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('item groups and stars', () => {
  it('a group made in the editor is a tab showing its items; a starred item fills the Starred tab', async () => {
    const page = await openAs('en-US', 1280, '/item/index');
    const errors = watchErrors(page);
    await page.waitForSelector('[data-testid="item-card"]');
    expect((await shownItems(page)).length).toBe(2);

    await page.click('[data-testid="manage-groups"]');
    await page.click('[data-testid="group-add"]');
    await page.fill('[data-testid="group-name"]', 'Docs');
    await page.click('[data-testid="group-items"]');
    await page.locator('.ant-select-item-option[title="Manual"]').click();
    await page.keyboard.press('Escape');
    await page.click('[data-testid="groups-save"]');
    const tab = page.locator('[data-testid="group-tab"]', { hasText: 'Docs' });
    await tab.waitFor();
    await tab.click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="item-card"]').length === 1);
    expect(await shownItems(page)).toEqual([manual]);

    await cardOf(page, manual).locator('[data-testid="item-star"]').click();
    await page.waitForSelector(`[data-item-id="${manual}"] [data-testid="item-star"][aria-pressed="true"]`);
    await page.click('[data-testid="group-tab-starred"]');
    await page.waitForSelector(`[data-testid="item-card"][data-item-id="${manual}"]`);
    expect(await shownItems(page)).toEqual([manual]);
    await settled(page);
    await screenshot(page, 'item-groups-en-1280');
    expect(errors).toEqual([]);
  });

  it('in Chinese and on a phone', async () => {
    for (const [locale, width, name] of [
      ['zh-CN', 1280, 'item-groups-zh-1280'],
      ['en-US', 390, 'item-groups-en-390'],
      ['zh-CN', 390, 'item-groups-zh-390'],
    ] as const) {
      const page = await openAs(locale, width, '/item/index');
      await page.waitForSelector('[data-testid="item-card"]');
      await page.waitForSelector('[data-testid="group-tab"]');
      expect(await page.locator('[data-testid="group-tab-starred"]').textContent()).toContain(locale === 'zh-CN' ? '星标' : 'Starred');
      await settled(page);
      await screenshot(page, name);
      if (width === 390 && locale === 'zh-CN') {
        await page.click('[data-testid="manage-groups"]');
        await page.waitForSelector('[data-testid="group-row"]');
        await settled(page);
        await screenshot(page, 'item-groups-editor-zh-390');
      }
      await page.context().close();
    }
  });
});

describe('change log', () => {
  it('item settings list who created the catalog and the page, in English and Chinese', async () => {
    for (const [locale, width] of [
      ['en-US', 1280],
      ['zh-CN', 1280],
      ['en-US', 390],
      ['zh-CN', 390],
    ] as const) {
      const page = await openAs(locale, width, `/item/setting/${manual}?tab=changeLog`);
      await page.waitForSelector('[data-testid="change-entry"]');
      const entries = await page.locator('[data-testid="change-entry"]').allTextContents();
      expect(entries).toHaveLength(2);
      expect(entries[0]).toContain(locale === 'zh-CN' ? 'groups_ann 创建了页面 «Install»' : 'groups_ann created the page «Install»');
      expect(entries[1]).toContain(locale === 'zh-CN' ? '目录 «Guides»' : 'the catalog «Guides»');
      await settled(page);
      await screenshot(page, `item-groups-changelog-${locale === 'zh-CN' ? 'zh' : 'en'}-${width}`);
      await page.context().close();
    }
  });
});
