// The page editor in real Chromium against a real server (issue 8 "Must show"): two members
// co-edit one page and see each other's cursors, history and diff, the exclusive lock, read-only
// members kept out, drafts, image paste, JSON → table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { addMember, appReady, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';
import { docText, editorReady, typeAtEnd, settledTexts } from './helpers/editor';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let itemId = 0;
const contexts: BrowserContext[] = [];

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function contextFor(user: TestUser, locale = 'en-US'): Promise<BrowserContext> {
  const c = await loggedInContext(browser, server, user, { locale });
  contexts.push(c);
  return c;
}

async function openEditor(context: BrowserContext, pageId: number, item = itemId): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/page/edit/${item}/${pageId}`);
  await appReady(page);
  return page;
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'ed_owner');
  writer = await registerUser(server, 'ed_writer');
  reader = await registerUser(server, 'ed_reader');
  itemId = await createItem(server, owner, { item_name: 'Editor item' });
  await addMember(server, owner, itemId, writer.username, 1);
  await addMember(server, owner, itemId, reader.username, 0);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('page editor', () => {
  it('two members co-edit one page, see each other, save, and the history and diff show it', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Shared page', page_content: '# Shared\n\nfirst line\n' });
    const a = await openEditor(await contextFor(owner), pageId);
    const errors = watchErrors(a);
    const b = await openEditor(await contextFor(writer), pageId);
    await editorReady(a);
    await editorReady(b);
    expect(await docText(a)).toContain('first line');

    await typeAtEnd(a, 'from owner ');
    await typeAtEnd(b, 'from writer ');
    // both replicas converge on both edits
    await a.waitForFunction(() => /from owner/.test(document.querySelector('.cm-content')!.textContent!) && /from writer/.test(document.querySelector('.cm-content')!.textContent!));
    await b.waitForFunction(() => /from owner/.test(document.querySelector('.cm-content')!.textContent!) && /from writer/.test(document.querySelector('.cm-content')!.textContent!));
    const [textA, textB] = await settledTexts(a, b);
    expect(textA).toBe(textB);

    // each sees the other's cursor with a name, and both avatars in the header
    await a.waitForSelector('.cm-ySelectionCaret', { timeout: 10_000 });
    await b.waitForSelector('.cm-ySelectionCaret', { timeout: 10_000 });
    await a.waitForFunction(() => document.querySelectorAll('[data-testid="editor-avatar"]').length === 2);
    await screenshot(a, 'editor-coediting-en-1600');

    // save from one tab; the history lists the previous version and the diff page shows the change
    await a.click('[data-testid="save-button"] button:first-child');
    await a.waitForSelector('.ant-message-success');
    const info = await server.api<{ page_content: string }>('page/info', { page_id: pageId }, owner.token);
    expect(info.data.page_content).toContain('from owner');
    expect(info.data.page_content).toContain('from writer');

    await a.click('[data-testid="open-history"]');
    await a.waitForSelector('.ant-modal .ant-table-row');
    await screenshot(a, 'editor-history-en-1600');
    const history = await server.api<Array<{ page_history_id: number }>>('page/history', { page_id: pageId }, owner.token);
    expect(history.data.length).toBeGreaterThanOrEqual(1);
    const diff = await a.context().newPage();
    await diff.goto(`${server.url}/page/diff/${pageId}/${history.data[0].page_history_id}`);
    await diff.waitForSelector('[data-testid="diff-side"]');
    const added = await diff.$$eval('td.added', (tds) => tds.map((td) => td.textContent).join('\n'));
    expect(added).toContain('from owner');
    await screenshot(diff, 'page-diff-en-1600');
    expect(errors).toEqual([]);
  });

  it('an exclusive lock refuses the second member, naming the holder', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Locked page', page_content: 'locked\n' });
    const a = await openEditor(await contextFor(owner), pageId);
    await editorReady(a);
    await a.click('[data-testid="save-button"] .ant-dropdown-trigger');
    await a.click('.ant-dropdown-menu-item:has-text("Lock editing")');
    await a.waitForSelector('.ant-message-success');

    const b = await openEditor(await contextFor(writer), pageId);
    const dialog = await b.waitForSelector('.ant-modal-confirm', { timeout: 15_000 });
    expect(await dialog.textContent()).toContain(owner.username);
    expect(await b.$('[data-testid="page-editor"]')).toBeNull();
    await screenshot(b, 'editor-locked-en-1600');
  });

  it('a read-only member cannot open the editor', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Read only', page_content: 'text\n' });
    const r = await openEditor(await contextFor(reader), pageId);
    const dialog = await r.waitForSelector('.ant-modal-confirm', { timeout: 15_000 });
    expect(await dialog.textContent()).toContain('permission');
    expect(await r.$('[data-testid="page-editor"]')).toBeNull();
    await r.click('.ant-modal-confirm .ant-btn-primary');
    await r.waitForURL((u) => !u.pathname.startsWith('/page/edit'));
  });

  it('offers the draft of a new page after its tab was closed without saving', async () => {
    const ctx = await contextFor(writer);
    const first = await openEditor(ctx, 0);
    await editorReady(first);
    await typeAtEnd(first, 'unsaved draft text that matters');
    // the editor asks before leaving unsaved text (issue #22): the user leaves anyway
    first.once('dialog', (d) => void d.accept());
    await first.close({ runBeforeUnload: true });
    const again = await openEditor(ctx, 0);
    const dialog = await again.waitForSelector('.ant-modal-confirm', { timeout: 15_000 });
    expect(await dialog.textContent()).toContain('draft');
    await screenshot(again, 'editor-draft-en-1600');
    await again.click('.ant-modal-confirm .ant-btn-primary');
    await again.waitForFunction(() => /unsaved draft text that matters/.test(document.querySelector('.cm-content')!.textContent!));
  });

  it('pasting an image uploads it and inserts a working image; JSON → table works and bad JSON is refused', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Tools', page_content: 'tools\n' });
    const p = await openEditor(await contextFor(owner), pageId);
    await editorReady(p);
    await p.click('.cm-content');
    await p.keyboard.press('Control+End');
    await p.evaluate((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dot.png', { type: 'image/png' }));
      document.querySelector('.cm-content')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, PNG.toString('base64'));
    await p.waitForFunction(() => /!\[dot\]\([^)]+\)/.test(document.querySelector('.cm-content')!.textContent!));
    const url = /!\[dot\]\(([^)]+)\)/.exec(await docText(p))![1];
    const res = await p.context().request.get(new URL(url, server.url).toString());
    expect(res.status()).toBe(200);
    expect(Buffer.from(await res.body()).equals(PNG)).toBe(true);

    await p.click('[data-testid="format-tools"]');
    await p.click('.ant-dropdown-menu-item:has-text("JSON to table")');
    await p.fill('[data-testid="format-input"]', '{bad json');
    await p.click('.ant-modal-footer .ant-btn-primary');
    await p.waitForSelector('.ant-message-error:has-text("Could not parse the JSON")');
    await p.fill('[data-testid="format-input"]', '{"id": 7, "name": "Ann"}');
    await screenshot(p, 'editor-json-table-en-1600');
    await p.click('.ant-modal-footer .ant-btn-primary');
    await p.waitForFunction(() => /\|id\|int\|7\|/.test(document.querySelector('.cm-content')!.textContent!));
  });

  it('shows the editor in Chinese and at phone width', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: '中文页面', page_content: '# 标题\n\n内容\n' });
    const zh = await openEditor(await contextFor(owner, 'zh-CN'), pageId);
    await editorReady(zh);
    expect(await zh.textContent('body')).toContain('插入API接口模板');
    await screenshot(zh, 'editor-zh-1600');
    await zh.setViewportSize({ width: 390, height: 900 });
    await screenshot(zh, 'editor-zh-390');
    await zh.click('[data-testid="format-tools"]');
    await zh.click('.ant-dropdown-menu-item:has-text("JSON转表格")');
    await zh.fill('[data-testid="format-input"]', 'nope');
    await zh.click('.ant-modal-footer .ant-btn-primary');
    await zh.waitForSelector('.ant-message-error:has-text("Json解析失败")');
  });

  it('opens every dialog, in English and in Chinese (screenshots)', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Dialogs', page_content: '# Dialogs\n' });
    await server.api('template/save', { template_title: 'Release notes', template_content: '## Changes\n' }, owner.token);
    for (const [locale, lang] of [['en-US', 'en'], ['zh-CN', 'zh']] as const) {
      const p = await openEditor(await contextFor(owner, locale), pageId);
      await editorReady(p);
      const shot = async (opener: string, name: string) => {
        await p.click(opener);
        const modal = p.locator('.ant-modal:visible');
        await modal.first().waitFor();
        // let the opening animation finish so the screenshot shows the dialog as people see it
        await p.waitForFunction(() => [...document.querySelectorAll('.ant-modal')].every((m) => getComputedStyle(m).opacity === '1' && !/ant-zoom/.test(m.className)));
        await screenshot(p, `editor-dialog-${name}-${lang}-1280`);
        await p.keyboard.press('Escape');
        await modal.first().waitFor({ state: 'detached' });
      };
      await p.setViewportSize({ width: 1280, height: 900 });
      await shot('[data-testid="open-history"]', 'history');
      await shot('[data-testid="more-templates"]', 'templates');
      await shot('[data-testid="open-attachments"]', 'attachments');
      await shot('[data-testid="open-mock"]', 'mock');
      await p.click('[data-testid="format-tools"]');
      await p.click('.ant-dropdown-menu-item >> nth=2');
      await p.waitForSelector('[data-testid="format-input"]');
      await screenshot(p, `editor-dialog-paste-table-${lang}-1280`);
      await p.keyboard.press('Escape');
      if (lang === 'zh') {
        await p.click('button:has-text("HTTP测试")');
        await p.waitForSelector('[data-testid="http-url"]');
        await screenshot(p, 'editor-dialog-http-zh-1280');
        await p.keyboard.press('Escape');
      } else {
        // the HTTP test tool is offered in the Chinese interface only (spec §2)
        expect(await p.$('button:has-text("HTTP")')).toBeNull();
      }
    }
  });
});
