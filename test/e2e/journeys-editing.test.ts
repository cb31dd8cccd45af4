// Editing journeys of issue #22 (items 1–5), in real Chromium against one real server: a lock
// reaches someone already editing (banner naming the holder, read-only, writable again after),
// the editor's save state and the warning on leaving, a page deleted while open, the draft
// question before the editor is editable, and a missing page's not-found screen.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot } from './helpers/browser';
import { addMember, appReady, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';
import { docText, editorReady, editorShows, typeAtEnd } from './helpers/editor';

let server: E2EServer;
let browser: Browser;
let ann: TestUser;
let bob: TestUser;
let itemId = 0;
const contexts = new Map<string, BrowserContext>();
let fresh = 0;

/** one signed-in context per user and language (`own`: a context of its own, e.g. for an init script) */
async function contextFor(user: TestUser, locale = 'en-US', own = false): Promise<BrowserContext> {
  const key = own ? `own${++fresh}` : `${user.username}/${locale}`;
  let c = contexts.get(key);
  if (!c) {
    c = await loggedInContext(browser, server, user, { locale });
    contexts.set(key, c);
  }
  return c;
}

async function openEditor(context: BrowserContext, pageId: number, width = 1280): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${server.url}/page/edit/${itemId}/${pageId}`);
  await appReady(page);
  return page;
}

/** 'true' while the editor is read-only (its text stays selectable and copyable) */
const readOnly = async (page: Page) => (await page.locator('.cm-content').getAttribute('aria-readonly')) ?? 'false';
const banner = (page: Page) => page.locator('[data-testid="editor-readonly-banner"]');

async function lockEditing(page: Page, label: string): Promise<void> {
  await page.click('[data-testid="save-button"] .ant-dropdown-trigger');
  await page.click(`.ant-dropdown-menu-item:has-text("${label}")`);
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  ann = await registerUser(server, 'ann');
  bob = await registerUser(server, 'bob');
  itemId = await createItem(server, ann, { item_name: 'Journeys' });
  await addMember(server, ann, itemId, bob.username, 1);
});

// each test starts without the previous test's open editors (they keep sockets and rendering busy)
afterEach(async () => {
  for (const c of contexts.values()) for (const p of c.pages()) await p.close().catch(() => {});
});

afterAll(async () => {
  for (const c of contexts.values()) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('editing journeys', () => {
  it('a lock reaches someone already editing: banner naming the holder, read-only with their text kept, writable again after unlock', async () => {
    const pageId = await createPage(server, ann, { item_id: itemId, page_title: 'Locked while open', page_content: 'shared start\n' });
    const a = await openEditor(await contextFor(ann), pageId);
    const b = await openEditor(await contextFor(bob), pageId);
    await editorReady(a);
    await editorReady(b);
    await typeAtEnd(b, 'bob was here');
    await editorShows(a, ['bob was here']);

    await lockEditing(a, 'Lock editing');
    await banner(b).waitFor({ timeout: 10_000 });
    expect(await banner(b).textContent()).toContain(`${ann.username} locked editing`);
    await expect.poll(() => readOnly(b), { message: 'bob’s editor turns read-only' }).toBe('true');
    expect(await docText(b)).toContain('bob was here');
    await screenshot(b, 'j22-lock-banner-en-1280');
    await b.setViewportSize({ width: 390, height: 844 });
    await screenshot(b, 'j22-lock-banner-en-390');

    await lockEditing(a, 'Cancel lock');
    await banner(b).waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => readOnly(b), { message: 'bob may edit again without reloading' }).toBe('false');
    await typeAtEnd(b, ' and back');
    await editorShows(a, ['bob was here and back']);
  });

  it('in Chinese too; and a member whose edit right is removed mid-session goes read-only, told why', async () => {
    const pageId = await createPage(server, ann, { item_id: itemId, page_title: '锁定', page_content: '共享内容\n' });
    const a = await openEditor(await contextFor(ann, 'zh-CN'), pageId);
    const b = await openEditor(await contextFor(bob, 'zh-CN'), pageId);
    await editorReady(a);
    await editorReady(b);
    await lockEditing(a, '锁定编辑');
    await banner(b).waitFor({ timeout: 10_000 });
    expect(await banner(b).textContent()).toContain(`${ann.username} 锁定了编辑`);
    await screenshot(b, 'j22-lock-banner-zh-1280');
    await b.setViewportSize({ width: 390, height: 844 });
    await screenshot(b, 'j22-lock-banner-zh-390');
    await lockEditing(a, '解除锁定');
    await banner(b).waitFor({ state: 'detached', timeout: 10_000 });

    const members = await server.api<Array<{ item_member_id: number; username: string }>>('member/getList', { item_id: itemId }, ann.token);
    const bobMember = members.data.find((m) => m.username === bob.username)!;
    expect((await server.api('member/delete', { item_id: itemId, item_member_id: bobMember.item_member_id }, ann.token)).error_code).toBe(0);
    await banner(b).waitFor({ timeout: 10_000 });
    expect(await banner(b).textContent()).toContain('你已没有此项目的编辑权限');
    await expect.poll(() => readOnly(b), { message: 'bob’s editor turns read-only' }).toBe('true');
    await addMember(server, ann, itemId, bob.username, 1);
  });

  it('a spreadsheet item already open turns read-only with the same banner when another member locks it', async () => {
    const sheetItem = await createItem(server, ann, { item_name: 'Sheet journeys', item_type: 4 });
    await addMember(server, ann, sheetItem, bob.username, 1);
    const open = async (user: TestUser) => {
      const page = await (await contextFor(user)).newPage();
      await page.goto(`${server.url}/${sheetItem}`);
      await page.waitForSelector('[data-testid="sheet-save"]', { timeout: 30_000 });
      return page;
    };
    const a = await open(ann);
    const b = await open(bob);
    await a.click('[data-testid="sheet-more"]');
    await a.getByText('Lock editing').click();
    await banner(b).waitFor({ timeout: 10_000 });
    expect(await banner(b).textContent()).toContain(`${ann.username} locked editing`);
    expect(await b.locator('[data-testid="sheet-save"]').count()).toBe(0);
    await a.click('[data-testid="sheet-more"]');
    await a.getByText('Cancel lock').click();
    await b.waitForSelector('[data-testid="sheet-save"]', { timeout: 10_000 });
  });

  it('shows saved / unsaved / saving, and warns before leaving with unsaved changes', async () => {
    const pageId = await createPage(server, ann, { item_id: itemId, page_title: 'State', page_content: 'saved text\n' });
    const a = await openEditor(await contextFor(ann), pageId);
    await editorReady(a);
    const state = a.locator('[data-testid="editor-save-state"]');
    await expect.poll(() => state.getAttribute('data-state')).toBe('saved');
    await typeAtEnd(a, 'not saved yet');
    await expect.poll(() => state.getAttribute('data-state')).toBe('unsaved');
    expect(await state.textContent()).toBe('Unsaved changes');
    await screenshot(a, 'j22-unsaved-en-1280');
    await a.setViewportSize({ width: 390, height: 844 });
    await screenshot(a, 'j22-unsaved-en-390');

    // the reader shows the saved version and says a live draft exists
    const reader = await (await contextFor(bob, 'zh-CN')).newPage();
    await reader.goto(`${server.url}/${itemId}?page_id=${pageId}`);
    const notice = reader.locator('[data-testid="live-draft-notice"]');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toBe(`${ann.username} 正在编辑——1 处未保存的修改`);
    await reader.close();

    await a.click('[aria-label="Back"]');
    const confirm = a.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Leave without saving?');
    await confirm.locator('button:has-text("Stay")').click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(a.url()).pathname).toBe(`/page/edit/${itemId}/${pageId}`);

    const asked = new Promise<string>((resolve) => a.once('dialog', (d) => (resolve(d.type()), void d.dismiss())));
    await a.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');

    const zh = await openEditor(await contextFor(ann, 'zh-CN'), pageId);
    await editorReady(zh);
    // the unsaved text is in the shared document: the editor says so from the start
    await expect.poll(() => zh.locator('[data-testid="editor-save-state"]').textContent()).toBe('有未保存的修改');
    await zh.click('.cm-content');
    await zh.keyboard.press('Control+s');
    await expect.poll(() => zh.locator('[data-testid="editor-save-state"]').getAttribute('data-state')).toBe('saved');
    expect(await zh.locator('[data-testid="editor-save-state"]').textContent()).toBe('已保存');
  });

  it('a page deleted while open: one message, the text to copy, and the page restored from the recycle bin', async () => {
    const pageId = await createPage(server, ann, { item_id: itemId, page_title: 'Doomed', page_content: 'doomed text\n' });
    const a = await openEditor(await contextFor(ann), pageId);
    await editorReady(a);
    await typeAtEnd(a, 'typed before delete');
    await editorShows(a, ['typed before delete']);
    expect((await server.api('page/delete', { page_id: pageId, item_id: itemId }, ann.token)).error_code).toBe(0);

    const dialog = a.locator('.quire-page-deleted .ant-modal');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.textContent()).toContain('This page was deleted');
    expect(await a.locator('.ant-modal:visible').count()).toBe(1);
    expect(await a.locator('[data-testid="deleted-page-text"]').inputValue()).toContain('typed before delete');
    await a.click('[data-testid="deleted-restore"]');
    await expect.poll(async () => (await server.api('page/info', { page_id: pageId }, ann.token)).error_code, { message: 'the page is back' }).toBe(0);
    await editorReady(a);
  });

  it('asks about a local draft before the editor becomes editable', async () => {
    const pageId = await createPage(server, ann, { item_id: itemId, page_title: 'Drafted', page_content: 'server text\n' });
    const ctx = await contextFor(ann, 'zh-CN', true);
    await ctx.addInitScript(
      ([key, text]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem(key, text);
          sessionStorage.setItem('seeded', '1');
        }
      },
      [`page_content_${pageId}`, 'server text\nmy local draft that matters\n'],
    );
    const b = await openEditor(ctx, pageId);
    const question = b.locator('.ant-modal-confirm');
    await question.waitFor({ timeout: 10_000 });
    expect(await question.textContent()).toContain('草稿');
    // the editor is not editable while the question is open (it may not even be shown yet)
    expect(await b.locator('.cm-content:not([aria-readonly="true"])').count()).toBe(0);
    await question.locator('.ant-btn-primary').click();
    await editorReady(b);
    await editorShows(b, ['my local draft that matters']);
    await expect.poll(() => readOnly(b)).toBe('false');
  });

  it('a missing page shows a not-found screen with a way back', async () => {
    const a = await openEditor(await contextFor(ann), 987654);
    const notFound = a.locator('[data-testid="editor-not-found"]');
    await notFound.waitFor({ timeout: 10_000 });
    expect(await notFound.textContent()).toContain('Page not found');
    await a.click('[data-testid="editor-not-found-back"]');
    await a.waitForURL((u) => u.pathname === `/${itemId}`);
  });
});
