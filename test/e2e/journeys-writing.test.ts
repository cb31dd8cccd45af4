// Issue 22, editing (items 11–15): the toolbar's image button uploads, block inserts keep to their
// own paragraph, an attachment link goes where the cursor last was, single-page items have no
// catalog selector, and uploaded images are written into the page with a site-relative URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser } from './helpers/browser';
import { appReady, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';
import { docText, editorReady } from './helpers/editor';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let itemId = 0;
const contexts: BrowserContext[] = [];

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const RELATIVE_FILE_URL = /^\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[0-9a-f]{32}$/;

async function openEditor(pageId: number, opts: { locale?: string; item?: number } = {}): Promise<Page> {
  const context = await loggedInContext(browser, server, owner, { locale: opts.locale ?? 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/page/edit/${opts.item ?? itemId}/${pageId}`);
  await appReady(page);
  await editorReady(page);
  return page;
}

/** Puts the cursor at the end of the editor line that reads exactly `text`. */
async function cursorAfterLine(page: Page, text: string): Promise<void> {
  await page.locator('.cm-line', { hasText: text }).first().click();
  await page.keyboard.press('End');
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'writing_owner');
  itemId = await createItem(server, owner, { item_name: 'Writing item' });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('writing in the editor (issue 22, items 11–15)', () => {
  it('the image button opens a file picker, uploads, and inserts the image at the cursor with a site-relative URL (11, 15)', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Photos', page_content: 'first line\nsecond line\n' });
    const p = await openEditor(pageId, { locale: 'zh-CN' });
    // the button says what it does, in Chinese too
    expect(await p.getAttribute('[data-testid="tool-image"]', 'aria-label')).toBe('上传图片');
    await cursorAfterLine(p, 'first line');
    // no picker within 5 s means the button does not upload (it used to insert ![…](https://))
    const [chooser] = await Promise.all([p.waitForEvent('filechooser', { timeout: 5_000 }), p.click('[data-testid="tool-image"]')]);
    await chooser.setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await p.waitForFunction(() => /!\[dot\]\([^)]+\)/.test(document.querySelector('.cm-content')!.textContent!), undefined, { timeout: 15_000 });

    const lines = (await docText(p)).split('\n');
    const at = lines.findIndex((l) => l.includes('![dot]('));
    // at the cursor, as a pasted image is
    expect(lines[at]).toMatch(/^first line!\[dot\]\(/);
    expect(at).toBeLessThan(lines.indexOf('second line'));
    const url = /!\[dot\]\(([^)]+)\)/.exec(lines[at])![1];
    expect(url).toMatch(RELATIVE_FILE_URL);
    // the preview shows the picture from this address
    await p.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="editor-preview"] img');
      return !!img && img.complete && img.naturalWidth === 1;
    }, undefined, { timeout: 10_000 });
  });

  it('an image linked with a loopback address (as pages were written before) shows under this address (15)', async () => {
    const form = new FormData();
    form.set('item_id', String(itemId));
    form.set('user_token', owner.token);
    form.set('editormd-image-file', new Blob([PNG], { type: 'image/png' }), 'old.png');
    const up = (await (await fetch(`${server.url}/api/page/uploadImg`, { method: 'POST', body: form })).json()) as { markdown_url: string };
    expect(up.markdown_url).toMatch(RELATIVE_FILE_URL);
    // nothing listens on localhost:1: the link works only when read as this site's own file
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Old links', page_content: `![old](http://localhost:1${up.markdown_url})\n` });
    const context = await loggedInContext(browser, server, owner);
    contexts.push(context);
    const p = await context.newPage();
    await p.goto(`${server.url}/${itemId}?page_id=${pageId}`);
    await p.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="old"]');
      return !!img && img.complete && img.naturalWidth === 1;
    }, undefined, { timeout: 10_000 });
  });

  it('templates and tables inserted under a table start their own paragraph (12)', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Blocks', page_content: 'intro\n\n| a | b |\n|:--|:--|\n| 1 | 2 |\n' });
    const p = await openEditor(pageId);
    await p.click('.cm-content');
    await p.keyboard.press('Control+End');
    await p.click('[data-testid="insert-api-template"]');
    await p.waitForFunction(() => document.querySelectorAll('.cm-content .cm-line').length > 10);
    const lines = (await docText(p)).split('\n');
    const tableEnd = lines.indexOf('| 1 | 2 |');
    expect(lines[tableEnd + 1]).toBe('');
    expect(lines[tableEnd + 2]).not.toBe('');
    // the preview: the table keeps its one row
    await p.waitForFunction(() => {
      const table = [...document.querySelectorAll('[data-testid="editor-preview"] table')].find((t) => t.querySelector('th')?.textContent === 'a');
      return !!table && table.querySelectorAll('tbody tr').length === 1;
    }, undefined, { timeout: 10_000 });

    // a table put in the middle of a line is set apart before and after
    await p.locator('.cm-line', { hasText: 'intro' }).first().click();
    await p.keyboard.press('Home');
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('ArrowRight');
    await p.click('[data-testid="tool-table"]');
    const after = (await docText(p)).split('\n');
    const head = after.indexOf('| Column 1 | Column 2 | Column 3 |');
    expect(after.slice(0, head)).toEqual(['in', '']);
    expect(after.slice(head + 3, head + 5)).toEqual(['', 'tro']);
  });

  it('"Insert link" of an attachment goes where the cursor was, also after the editor is opened again (13)', async () => {
    const pageId = await createPage(server, owner, { item_id: itemId, page_title: 'Files', page_content: 'alpha\nbeta\ngamma\n' });
    const form = new FormData();
    form.set('page_id', String(pageId));
    form.set('user_token', owner.token);
    form.set('file', new Blob([Buffer.from('notes')], { type: 'text/plain' }), 'notes.txt');
    const up = (await (await fetch(`${server.url}/api/page/upload`, { method: 'POST', body: form })).json()) as { success: number };
    expect(up.success).toBe(1);

    const p = await openEditor(pageId);
    await cursorAfterLine(p, 'beta');
    // the editor is opened again: a new editor view, which starts with its cursor at the top
    await p.reload();
    await appReady(p);
    await editorReady(p);
    await p.click('[data-testid="open-attachments"]');
    await p.locator('.ant-modal .ant-table-row', { hasText: 'notes.txt' }).getByRole('button').first().click();
    await p.waitForFunction(() => /\[notes\.txt\]\(/.test(document.querySelector('.cm-content')!.textContent!), undefined, { timeout: 10_000 });
    const lines = (await docText(p)).split('\n');
    expect(lines[0]).toBe('alpha');
    expect(lines[1]).toMatch(/^beta\[notes\.txt\]\(\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[0-9a-f]{32}\)$/);
  });

  it('a single-page item has no catalog selector; a regular item keeps it (14)', async () => {
    const single = await createItem(server, owner, { item_name: 'One page', item_type: 2 });
    const info = await server.api<{ default_page_id: string }>('item/info', { item_id: single }, owner.token);
    const singlePageId = Number(info.data.default_page_id);
    expect(singlePageId).toBeGreaterThan(0);
    const p = await openEditor(singlePageId, { locale: 'zh-CN', item: single });
    await p.waitForSelector('[data-testid="page-title-input"]');
    expect(await p.locator('[data-testid="catalog-select"]').count()).toBe(0);

    const regular = await createPage(server, owner, { item_id: itemId, page_title: 'Regular', page_content: 'x\n' });
    await p.goto(`${server.url}/page/edit/${itemId}/${regular}`);
    await editorReady(p);
    await p.waitForSelector('[data-testid="catalog-select"]');
    expect(await p.textContent('[data-testid="catalog-select"]')).toContain('无（项目根目录）');
  });
});
