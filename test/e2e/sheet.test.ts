// Spreadsheet items in real Chromium (issue 19 "Must show"): two members type into cells and see
// each other's values and selected cells; a read-only member has no Save and cannot type; a
// real workbook (formulas, merges) imported and exported through the More menu, the export
// read back with exceljs; screenshots in English and Chinese at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { addMember, anonymousContext, appReady, createItem, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let itemId = 0;
const contexts: BrowserContext[] = [];

async function contextFor(user: TestUser, locale = 'en-US', width = 1280): Promise<BrowserContext> {
  const c = await loggedInContext(browser, server, user, { locale });
  contexts.push(c);
  const p = await c.newPage();
  await p.setViewportSize({ width, height: 800 });
  await p.close();
  return c;
}

async function openSheet(context: BrowserContext, width = 1280): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${server.url}/${itemId}`);
  await appReady(page);
  await page.waitForSelector('[data-testid="sheet-grid"] canvas', { timeout: 30_000 });
  return page;
}

/** selects a cell by clicking its place on the grid (default sizes: 73 × 25 px, headers 46 × 20) */
async function selectCell(page: Page, r: number, c: number): Promise<void> {
  const area = (await page.locator('.fortune-sheet-overlay .fortune-cell-area').boundingBox())!;
  await page.mouse.click(area.x + c * 73 + 30, area.y + r * 25 + 12);
}

async function typeInto(page: Page, r: number, c: number, text: string): Promise<void> {
  await selectCell(page, r, c);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** what the formula bar shows for a cell */
async function cellShown(page: Page, r: number, c: number): Promise<string> {
  await selectCell(page, r, c);
  return (await page.locator('.fortune-fx-input').textContent()) ?? '';
}

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'sh_owner');
  writer = await registerUser(server, 'sh_writer');
  reader = await registerUser(server, 'sh_reader');
  itemId = await createItem(server, owner, { item_name: 'Budget sheet', item_type: 4 });
  await addMember(server, owner, itemId, writer.username, 1);
  await addMember(server, owner, itemId, reader.username, 0);
}, 200_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('spreadsheet items', () => {
  it('two members type into cells and see each other; a read-only member cannot type', async () => {
    const a = await openSheet(await contextFor(owner));
    const errors = watchErrors(a);
    const b = await openSheet(await contextFor(writer));
    await typeInto(a, 0, 0, 'from owner');
    await typeInto(b, 2, 1, 'from writer');
    await expect.poll(() => cellShown(b, 0, 0), { timeout: 10_000 }).toBe('from owner');
    await expect.poll(() => cellShown(a, 2, 1), { timeout: 10_000 }).toBe('from writer');
    // each sees the other's selected cell outlined with a name tag, and both in the header
    await a.waitForSelector('.fortune-presence-username', { timeout: 10_000 });
    await b.waitForSelector('.fortune-presence-username', { timeout: 10_000 });
    expect(await a.locator('.fortune-presence-username').first().textContent()).toBe(writer.username);
    await a.waitForFunction(() => document.querySelectorAll('[data-testid="sheet-person"]').length === 2);
    // cell text is never HTML
    // b has the cell selected already: its formula bar follows a's change without a click
    await selectCell(b, 4, 0);
    await typeInto(a, 4, 0, '<img src=x onerror="window.__pwned=1">');
    await expect.poll(() => b.locator('.fortune-fx-input').textContent(), { timeout: 10_000 }).toBe('<img src=x onerror="window.__pwned=1">');
    expect(await b.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await b.locator('img[src="x"]').count()).toBe(0);
    await screenshot(a, 'sheet-coediting-en-1280');

    await a.click('[data-testid="sheet-save"]');
    await a.waitForSelector('.ant-message-success');
    const info = await server.api<{ page_content: string }>('page/info', { page_id: Number((await server.api<{ default_page_id: number; menu: { pages: { page_id: number }[] } }>('item/info', { item_id: itemId }, owner.token)).data.menu.pages[0].page_id) }, owner.token);
    expect(info.data.page_content).toContain('from owner');
    expect(info.data.page_content).toContain('from writer');

    const r = await openSheet(await contextFor(reader));
    expect(await r.locator('[data-testid="sheet-save"]').count()).toBe(0);
    expect(await r.locator('[data-testid="sheet-more"]').count()).toBe(0);
    await r.waitForSelector('[data-testid="sheet-back"]');
    await r.waitForSelector('[data-testid="sheet-readonly"]');
    await typeInto(r, 6, 0, 'reader typed');
    await typeInto(a, 7, 0, 'after reader');
    await expect.poll(() => cellShown(r, 7, 0), { timeout: 10_000 }).toBe('after reader');
    expect(await cellShown(a, 6, 0)).toBe('');
    await screenshot(r, 'sheet-readonly-en-1280');

    // an anonymous visitor of this public item reads it, with only "go back"
    const anonymous = await anonymousContext(browser, { width: 1280 });
    contexts.push(anonymous);
    const v = await openSheet(anonymous);
    await v.waitForSelector('[data-testid="sheet-back"]');
    expect(await v.locator('[data-testid="sheet-save"]').count()).toBe(0);
    await expect.poll(() => cellShown(v, 7, 0), { timeout: 10_000 }).toBe('after reader');
    expect(errors).toEqual([]);
  });

  it('imports a real workbook through the More menu and exports it back', async () => {
    const b = new ExcelJS.Workbook();
    const ws = b.addWorksheet('Imported');
    ws.getCell('A1').value = 'Quarter';
    ws.mergeCells('A1:B1');
    ws.getCell('A2').value = 10;
    ws.getCell('B2').value = 32;
    ws.getCell('C2').value = { formula: 'A2+B2', result: 42 };
    ws.getColumn(3).width = 20;
    const bytes = Buffer.from(await b.xlsx.writeBuffer());

    const page = await openSheet(await contextFor(owner));
    await page.locator('[data-testid="sheet-import-file"]').setInputFiles({ name: 'book.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bytes });
    await page.waitForURL(/\/downloads\?job=/);
    await page.waitForSelector('[data-testid="job-state"]');
    await page.waitForFunction(() => document.querySelector('.downloads-row.is-focused')?.getAttribute('data-state') === 'done', undefined, { timeout: 30_000 });

    const again = await openSheet(contexts[contexts.length - 1]);
    expect(await cellShown(again, 1, 2)).toBe('=A2+B2');
    await screenshot(again, 'sheet-imported-en-1280');
    // a formula's result follows an edit of what it reads, and is stored with it
    await typeInto(again, 1, 0, '20');
    const menu = await server.api<{ menu: { pages: { page_id: number }[] } }>('item/info', { item_id: itemId }, owner.token);
    await again.click('[data-testid="sheet-save"]');
    await again.waitForSelector('.ant-message-success');
    const saved = await server.api<{ page_content: string }>('page/info', { page_id: menu.data.menu.pages[0].page_id }, owner.token);
    expect(JSON.parse(saved.data.page_content).sheets[0].cells['1,2']).toMatchObject({ f: '=A2+B2', v: 52 });
    await again.click('[data-testid="sheet-more"]');
    const exportItem = again.locator('.ant-dropdown-menu-item', { hasText: 'Export to showdoc.xlsx' });
    await exportItem.waitFor({ state: 'visible' });
    await exportItem.click();
    // on a failure, say what the screen said instead of only that nothing happened
    await again.waitForURL(/\/downloads\?job=/).catch(async (err: Error) => {
      const said = await again.locator('.ant-message-notice, .ant-dropdown:not(.ant-dropdown-hidden)').allTextContents();
      throw new Error(`${err.message}\nshown: ${JSON.stringify(said)}`);
    });
    const jobId = new URL(again.url()).searchParams.get('job')!;
    await again.waitForFunction(() => document.querySelector('.downloads-row.is-focused')?.getAttribute('data-state') === 'done', undefined, { timeout: 30_000 });
    const res = await fetch(`${server.url}/api/job/download?job_id=${jobId}&user_token=${owner.token}`);
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(await res.arrayBuffer());
    const ex = out.getWorksheet('Imported')!;
    expect(ex.getCell('A1').value).toBe('Quarter');
    expect(ex.getCell('C2').formula).toBe('A2+B2');
    expect((ex.model as { merges: string[] }).merges).toEqual(['A1:B1']);
    expect(ex.getColumn(3).width).toBe(20);
  });

  it('while a member has locked editing, another opens the sheet read-only, naming the holder', async () => {
    const b = await openSheet(await contextFor(writer));
    await b.waitForSelector('[data-testid="sheet-save"]');
    await b.click('[data-testid="sheet-more"]');
    await b.getByText('Lock editing').click();
    await b.waitForSelector('.ant-message-success');
    const a = await openSheet(await contextFor(owner));
    const locked = await a.waitForSelector('[data-testid="sheet-locked"]', { timeout: 15_000 });
    expect(await locked.textContent()).toContain(writer.username);
    await a.waitForSelector('[data-testid="sheet-readonly"]');
    expect(await a.locator('[data-testid="sheet-save"]').count()).toBe(0);
    await typeInto(a, 20, 0, 'while locked');
    await typeInto(b, 21, 0, 'lock holder');
    await expect.poll(() => cellShown(a, 21, 0), { timeout: 10_000 }).toBe('lock holder');
    expect(await cellShown(b, 20, 0)).toBe('');
    await b.click('[data-testid="sheet-more"]');
    await b.getByText('Cancel lock').click();
  });

  it('offers a local draft that differs from the shared sheet, and restoring it brings its cells back', async () => {
    const draftItem = await createItem(server, owner, { item_name: 'Draft sheet', item_type: 4 });
    const info = await server.api<{ menu: { pages: { page_id: number }[] } }>('item/info', { item_id: draftItem }, owner.token);
    const pageId = info.data.menu.pages[0].page_id;
    const context = await contextFor(owner);
    // a draft the browser kept (30 s timer or tab closed) before the edits reached the server
    const draft = { type: 'quire.workbook', version: 1, sheets: [{ id: 'd1', name: 'Sheet1', rows: 500, cols: 26, colWidths: {}, rowHeights: {}, merges: [], cells: { '3,0': { v: 'from draft' } } }] };
    await context.addInitScript(([key, text]) => localStorage.setItem(key, text), [`page_content_${pageId}`, JSON.stringify(draft)] as const);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/${draftItem}`);
    await page.waitForSelector('[data-testid="sheet-grid"] canvas', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Restore draft' }).click();
    await expect.poll(() => cellShown(page, 3, 0), { timeout: 10_000 }).toBe('from draft');
    await page.click('[data-testid="sheet-save"]');
    await page.waitForSelector('.ant-message-success');
    const saved = await server.api<{ page_content: string }>('page/info', { page_id: pageId }, owner.token);
    expect(JSON.parse(saved.data.page_content).sheets[0].cells['3,0']).toMatchObject({ v: 'from draft' });
    // saved: the draft is gone and not offered again
    expect(await page.evaluate((key) => localStorage.getItem(key), `page_content_${pageId}`)).toBeNull();
  });

  it('looks right in English and Chinese at 1280 and 390 px', async () => {
    for (const [locale, tag] of [['en-US', 'en'], ['zh-CN', 'zh']] as const) {
      for (const width of [1280, 390]) {
        const page = await openSheet(await contextFor(owner, locale, width), width);
        await page.waitForTimeout(500);
        await screenshot(page, `sheet-${tag}-${width}`);
      }
    }
  });
});
