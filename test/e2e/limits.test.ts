// A reader who searched too often: the alert says when to come back, in the reader's language,
// and the sidebar shows the menu again — not "no page contains this keyword", which is not true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, searchInItem } from './helpers/browser';
import { anonymousContext, createItem, createPage, registerUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let itemId = 0;

beforeAll(async () => {
  // one search a minute per user, four per address
  server = await startE2EServer({ RATE_LIMIT_PER_MINUTE: '1' });
  browser = await launchBrowser();
  const owner = await registerUser(server, 'limits_owner');
  itemId = await createItem(server, owner, { item_name: 'Limits' });
  await createPage(server, owner, { item_id: itemId, page_title: 'Deploy guide', page_content: 'How to deploy' });
  await createPage(server, owner, { item_id: itemId, page_title: 'Rollback', page_content: 'How to roll back a deploy' });
  // this address has used its allowance
  for (let i = 0; i < 4; i++) expect((await server.api('item/search', { item_id: itemId, keyword: 'deploy' })).error_code).toBe(0);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('too many searches', () => {
  for (const [locale, text] of [
    ['en-US', /Too many requests; try again in \d+ seconds/],
    ['zh-CN', /请求过于频繁，请 \d+ 秒后再试/],
  ] as const) {
    it(`says so (${locale}) and keeps the menu, not an empty result`, async () => {
      const context = await anonymousContext(browser, { locale });
      const page = await context.newPage();
      await page.goto(`${server.url}/${itemId}`);
      await page.waitForSelector('[data-testid=markdown-body]');
      await searchInItem(page, 'deploy');
      await expect.poll(() => page.locator('.ant-message').innerText(), { timeout: 10_000 }).toMatch(text);
      await expect.poll(() => page.getByText('Rollback').count()).toBeGreaterThan(0);
      expect(await page.locator('.ant-empty').count()).toBe(0);
      await screenshot(page, `search-limited-${locale.slice(0, 2)}`);
      await context.close();
    });
  }
});
