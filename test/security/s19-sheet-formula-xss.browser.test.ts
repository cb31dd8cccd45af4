// fortune-sheet shows a cell's formula as HTML (coloured parts in the formula bar and the cell
// editor) and its escaping skips text starting with '=' or '<span'. A collaborator who stores a
// formula or text holding markup (page/save or the shared document, bypassing the grid) must not
// put markup into the page of whoever selects or opens that cell — an anonymous visitor included.
// Before the fix (client/src/screens/sheet/fortune.ts) the <img>/<svg> reached the formula bar;
// our CSP kept their handlers from running, which this test does not rely on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { startE2EServer, type E2EServer } from '../e2e/helpers/server';
import { launchBrowser } from '../e2e/helpers/browser';
import { anonymousContext, appReady, createItem, loggedInContext, registerUser } from '../e2e/helpers/fixtures';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
}, 200_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('spreadsheet formulas are never markup', () => {
  it('selecting and opening a cell whose stored formula holds an <img onerror> runs nothing', async () => {
    const owner = await registerUser(server, 'xss_owner');
    const itemId = await createItem(server, owner, { item_name: 'Public sheet', item_type: 4 });
    const info = await server.api<{ menu: { pages: { page_id: number }[] } }>('item/info', { item_id: itemId }, owner.token);
    const pageId = info.data.menu.pages[0].page_id;
    const payload = '="<img src=x onerror=window.__pwned=1>"&"<svg onload=window.__pwned=2>"';
    const workbook = {
      type: 'quire.workbook',
      version: 1,
      sheets: [{ id: 's1', name: 'Sheet1', rows: 500, cols: 26, colWidths: {}, rowHeights: {}, merges: [], cells: { '0,0': { f: payload, v: 'x' }, '1,0': { v: '<span><img src=x onerror=window.__pwned=3></span>' }, '2,0': { v: '=<img src=x onerror=window.__pwned=4>' } } }],
    };
    const saved = await server.api('page/save', { page_id: pageId, item_id: itemId, page_title: 'Public sheet', page_content: encodeURIComponent(JSON.stringify(workbook)), is_urlencode: 1 }, owner.token);
    expect(saved.error_code).toBe(0);

    const visitor = await anonymousContext(browser, { width: 1280 });
    contexts.push(visitor);
    const page = await visitor.newPage();
    await page.goto(`${server.url}/${itemId}`);
    await appReady(page);
    await page.waitForSelector('[data-testid="sheet-grid"] canvas', { timeout: 30_000 });
    const area = (await page.locator('.fortune-sheet-overlay .fortune-cell-area').boundingBox())!;
    // select each cell (the formula bar shows it), then open it in the cell editor
    for (const row of [0, 1, 2]) {
      await page.mouse.click(area.x + 30, area.y + row * 25 + 12);
      await page.mouse.dblclick(area.x + 30, area.y + row * 25 + 12);
      await page.keyboard.press('Escape');
    }
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('.fortune-fx-input img, .fortune-fx-input svg, #luckysheet-rich-text-editor img').count()).toBe(0);
  });

  // fortune-sheet parses pasted HTML by assigning it to a detached element's innerHTML: its images
  // are fetched (a beacon to the page it was copied from) and its handlers would run but for our
  // CSP. HTML copied from a hostile page and pasted into the grid loads nothing; its table still
  // arrives as cell values.
  it('pasting HTML holding images and handlers into the grid loads nothing and pastes the table text', async () => {
    const owner = await registerUser(server, 'paste_owner');
    const itemId = await createItem(server, owner, { item_name: 'Paste sheet', item_type: 4 });
    const info = await server.api<{ menu: { pages: { page_id: number }[] } }>('item/info', { item_id: itemId }, owner.token);
    const pageId = info.data.menu.pages[0].page_id;
    const ctx = await loggedInContext(browser, server, owner);
    contexts.push(ctx);
    const page = await ctx.newPage();
    const beacons: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('paste-beacon')) beacons.push(r.url());
    });
    await page.goto(`${server.url}/${itemId}`);
    await appReady(page);
    await page.waitForSelector('[data-testid="sheet-grid"] canvas', { timeout: 30_000 });
    // the system clipboard gets raw HTML, as a copy on another site would leave it
    await page.evaluate(() => {
      const html =
        '<table><tr><td>pasted</td><td>two<img src="/paste-beacon-1.png" onerror="window.__pwned=5"></td></tr></table>' +
        '<img src="/paste-beacon-2.png"><svg><image href="/paste-beacon-3.png"/></svg>';
      const put = (e: ClipboardEvent) => {
        e.clipboardData!.setData('text/html', html);
        e.clipboardData!.setData('text/plain', 'pasted\ttwo');
        e.preventDefault();
      };
      document.addEventListener('copy', put, { once: true });
      document.execCommand('copy');
    });
    const area = (await page.locator('.fortune-sheet-overlay .fortune-cell-area').boundingBox())!;
    await page.mouse.click(area.x + 30, area.y + 4 * 25 + 12);
    await page.keyboard.press('Control+V');
    await page.click('[data-testid="sheet-save"]');
    await page.waitForSelector('.ant-message-success');
    const stored = await server.api<{ page_content: string }>('page/info', { page_id: pageId }, owner.token);
    expect(JSON.parse(stored.data.page_content).sheets[0].cells).toMatchObject({ '4,0': { v: 'pasted' }, '4,1': { v: 'two' } });
    await page.waitForTimeout(500);
    expect(beacons).toEqual([]);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
