// Issue #23 in the browser: under a page, a read-only member watches it and comments with an
// @mention picked from the suggestions; an editor replies; both say whether the page helped (the
// editor sees the counts, the reader does not); the editor's save reaches the watcher as a live
// notice, and the reply appears in the reader's open tab. Screenshots in English and Chinese at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { addMember, appReady, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let editor: TestUser;
let reader: TestUser;
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

/** the same screen at 1280 and 390 px, scrolled to the page's extras */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('[data-testid="page-extras"]').scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function api(route: string, body: Record<string, string | number>, who: TestUser): Promise<any> {
  const res = await server.api<any>(route, body, who.token);
  if (res.error_code !== 0) throw new Error(`${route} → ${res.error_code} ${res.error_message ?? ''}`);
  return res.data;
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'pa_owner');
  editor = await registerUser(server, 'pa_bob');
  reader = await registerUser(server, 'pa_cat');
  itemId = await createItem(server, owner, { item_name: 'Team handbook' });
  await addMember(server, owner, itemId, editor.username, 1);
  await addMember(server, owner, itemId, reader.username, 0);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('around the page', () => {
  it('the owner switches comments and feedback on in the item settings', async () => {
    const page = await open(owner, 'en-US', `/item/setting/${itemId}`);
    await page.waitForSelector('[data-testid="base-info-form"]');
    await page.click('[data-testid="item-allow-comment"]');
    await page.click('[data-testid="item-allow-feedback"]');
    await screenshot(page, 'around-page-settings-en-1280');
    await page.click('[data-testid="base-info-save"]');
    await expect.poll(async () => (await api('item/detail', { item_id: itemId }, owner)) as { allow_comment: string; allow_feedback: string }).toMatchObject({ allow_comment: '1', allow_feedback: '1' });
  });

  for (const { locale, tag } of LANGS) {
    it(`comments with a reply and a mention, feedback, and a live notice to the watcher (${tag})`, async () => {
      const pageId = await createPage(server, owner, { item_id: itemId, page_title: `Onboarding ${tag}`, page_content: '# Onboarding\n\n1. Get an account\n2. Read the guide\n' });
      const path = `/${itemId}?page_id=${pageId}`;

      // the read-only member watches the page and comments, mentioning the editor from the suggestions
      const cat = await open(reader, locale, path);
      const catErrors = watchErrors(cat);
      await cat.waitForSelector('[data-live="connected"]', { state: 'attached' });
      await cat.waitForSelector('[data-testid="comments-panel"]');
      const watch = cat.locator('[data-testid="watch-toggle"]');
      await expect.poll(() => watch.getAttribute('aria-pressed')).toBe('false');
      await watch.click();
      await expect.poll(() => watch.getAttribute('aria-pressed')).toBe('true');
      const input = cat.locator('[data-testid="comment-composer"] textarea');
      await input.click();
      await input.pressSequentially('Is step 2 still right? @pa_b');
      await cat.locator('.ant-mentions-dropdown-menu-item', { hasText: 'pa_bob' }).click();
      await input.pressSequentially('please check');
      await cat.click('[data-testid="comment-post"]');
      await cat.waitForSelector('[data-testid="comment"] .quire-mention:text("@pa_bob")');
      await cat.click('[data-testid="feedback-helpful"]');
      await expect.poll(() => cat.locator('[data-testid="feedback-helpful"]').getAttribute('aria-pressed')).toBe('true');
      expect(await cat.locator('.quire-feedback-count').count()).toBe(0);

      // the editor replies with a mention and votes; editors see the counts
      const bob = await open(editor, locale, path);
      const bobErrors = watchErrors(bob);
      await bob.waitForSelector('[data-testid="comment"]');
      await bob.click('[data-testid="comment-reply"]');
      const reply = bob.locator('[data-testid="reply-composer"] textarea');
      await reply.pressSequentially('Yes, @pa_cat — it was updated today.');
      await bob.keyboard.press('Escape');
      await bob.click('[data-testid="reply-post"]');
      await bob.waitForSelector('.quire-comment-replies [data-testid="comment"]');
      await bob.click('[data-testid="feedback-unhelpful"]');
      await expect.poll(() => bob.locator('[data-testid="feedback-unhelpful"] .quire-feedback-count').textContent()).toBe('1');
      expect(await bob.locator('[data-testid="feedback-helpful"] .quire-feedback-count').textContent()).toBe('1');
      await shots(bob, `around-page-editor-${tag}`);
      // the reply reached the reader's open tab with its notice, without a reload
      await cat.waitForSelector('.quire-comment-replies [data-testid="comment"]', { timeout: 10_000 });

      // the watcher's tab, fresh (no toast left from the reply), is told at once of the editor's save
      await cat.reload();
      await appReady(cat);
      await cat.waitForSelector('[data-live="connected"]', { state: 'attached' });
      await cat.waitForSelector('.quire-comment-replies [data-testid="comment"]');
      expect(await cat.locator('.quire-comment-replies .quire-mention').textContent()).toBe('@pa_cat');
      expect(await cat.locator('[data-testid="live-notice"]').count()).toBe(0);
      await api('page/save', { page_id: pageId, item_id: itemId, page_title: `Onboarding ${tag}`, page_content: '# Onboarding\n\n1. Get an account\n2. Read the new guide\n' }, editor);
      await cat.waitForSelector('[data-testid="live-notice"]', { timeout: 10_000 });
      await shots(cat, `around-page-reader-${tag}`);

      // the reply mentioned the reader: the mention notice is the one they get (not a second for the reply)
      const notices = await api('notice/getList', { notice_type: 'all' }, reader);
      expect(notices.map((n: any) => n.notice_type)).toEqual(expect.arrayContaining(['page_changed', 'comment_mention']));
      expect(catErrors).toEqual([]);
      expect(bobErrors).toEqual([]);
    });
  }
});
