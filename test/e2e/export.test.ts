// The Export screen in the browser: a Word export of one catalog (picked by its ' / ' path)
// downloads as a real .docx; a larger export (over 50 pages; in Chinese at phone width) runs as a
// background job whose progress bar follows it live, and its file downloads from the Downloads
// screen (this case needs the job queue, branch j1); the offline HTML export opens from disk with
// the network cut off (menu, search, pages). Screenshots in English and Chinese at 1280 and 390 px
// go to .tmp/screenshots/export-*.png.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import type { Browser } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { appReady, createCatalog, createItem, createPage, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let owner: TestUser;
let itemId: number;
/** an item too large to be answered at once: its exports are background jobs */
let bigItemId: number;
const BIG_PAGES = 60;
let unzipped: string;

beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
  owner = await registerUser(server, 'e2e_exporter');
  itemId = await createItem(server, owner, { item_name: 'Field guide 指南' });
  const guide = await createCatalog(server, owner, itemId, 'Guide');
  const advanced = await createCatalog(server, owner, itemId, 'Advanced', guide);
  await createPage(server, owner, { item_id: itemId, page_title: 'Welcome', page_content: '# Welcome\n\nStart **here**.' });
  await createPage(server, owner, { item_id: itemId, cat_id: guide, page_title: 'Install', page_content: 'Run `npm ci`.' });
  await createPage(server, owner, {
    item_id: itemId,
    cat_id: advanced,
    page_title: 'Tuning 调优',
    page_content: '## Cache\n\n|Key|Value|\n|---|---|\n|ttl|30 s|\n\n```sql\nselect 1;\n```\n\n```mermaid\ngraph LR; A-->B\n```\n\n中文内容',
  });
  bigItemId = await createItem(server, owner, { item_name: 'Handbook' });
  const chapters = [await createCatalog(server, owner, bigItemId, 'Part A'), await createCatalog(server, owner, bigItemId, 'Part B')];
  for (let n = 1; n <= BIG_PAGES; n++) {
    await createPage(server, owner, { item_id: bigItemId, cat_id: chapters[n % 2], page_title: `Note ${n}`, page_content: `## Note ${n}\n\n- point **${n}**` });
  }
  unzipped = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-offline-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (unzipped) fs.rmSync(unzipped, { recursive: true, force: true });
});

describe('Export screen', () => {
  it('exports one catalog as Word: the file downloads and holds the catalog\'s pages', async () => {
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/item/export/${itemId}`);
    await appReady(page);
    await page.getByTestId('export-begin').waitFor();
    await page.getByText('One catalog').click();
    expect(await page.getByTestId('export-begin').isDisabled()).toBe(true);
    await page.getByTestId('export-catalog').click();
    await page.locator('.ant-select-item-option', { hasText: 'Guide / Advanced' }).click();
    await page.locator('.ant-select-dropdown').first().waitFor({ state: 'hidden' });
    await screenshot(page, 'export-en-1280');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-begin').click()]);
    expect(download.suggestedFilename()).toMatch(/^Field guide 指南_\d{14}\.docx$/);
    await page.getByTestId('export-started').waitFor();
    const doc = await (await JSZip.loadAsync(fs.readFileSync((await download.path())!))).file('word/document.xml')!.async('string');
    expect(doc).toContain('Catalog: Guide / Advanced');
    expect(doc).toContain('>Tuning 调优<');
    expect(doc).not.toContain('>Install<');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs a large export in the background: the progress bar follows the job, and the file downloads from Downloads', async () => {
    // in Chinese on a phone: the job's part of the screen is seen there too
    const context = await loggedInContext(browser, server, owner, { locale: 'zh-CN' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 900 });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/item/export/${bigItemId}`);
    await appReady(page);
    // the job's progress is pushed over the socket
    await page.waitForSelector('[data-live="connected"]', { state: 'attached' });
    await page.getByTestId('export-begin').click();
    const job = page.getByTestId('export-job');
    await job.waitFor();
    expect(await job.textContent()).toContain(`此次导出共 ${BIG_PAGES} 个页面`);
    // only a pushed update can bring the bar to its end
    await page.locator('[data-testid="export-job"][data-status="done"]').waitFor({ timeout: 60_000 });
    expect(await job.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await job.textContent()).toContain('导出已完成。');
    // the bar is drawn full (once its animation ended)
    await page.waitForFunction(() => {
      const rail = document.querySelector('[data-testid="export-job"] .ant-progress-rail');
      const track = rail?.querySelector('.ant-progress-track');
      return !!rail && !!track && track.getBoundingClientRect().width >= rail.getBoundingClientRect().width - 1;
    });
    await screenshot(page, 'export-job-zh-390');

    await page.getByTestId('export-job-download').click();
    await page.waitForURL(/\/downloads\?job=/);
    const jobId = new URL(page.url()).searchParams.get('job')!;
    const row = page.locator(`[data-testid="job-${jobId}"][data-state="done"]`);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('job-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^Handbook_\d{14}\.docx$/);
    const doc = await (await JSZip.loadAsync(fs.readFileSync((await download.path())!))).file('word/document.xml')!.async('string');
    // every page is a heading in the body (and an entry of the contents)
    expect(new Set(doc.match(/>Note \d+</g))).toEqual(new Set(Array.from({ length: BIG_PAGES }, (_, i) => `>Note ${i + 1}<`)));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports offline HTML that works from disk with the network cut off', async () => {
    const context = await loggedInContext(browser, server, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/item/export/${itemId}`);
    await appReady(page);
    await page.getByTestId('export-format').getByText('Offline HTML').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-begin').click()]);
    const zip = await JSZip.loadAsync(fs.readFileSync((await download.path())!));
    for (const [name, entry] of Object.entries(zip.files)) {
      if (entry.dir) continue;
      fs.mkdirSync(path.dirname(path.join(unzipped, name)), { recursive: true });
      fs.writeFileSync(path.join(unzipped, name), await entry.async('nodebuffer'));
    }
    await context.close();

    const offline = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const requested: string[] = [];
    await offline.route(/^(?!file:)/, (route) => {
      requested.push(route.request().url());
      return route.abort();
    });
    const reader = await offline.newPage();
    const errors = watchErrors(reader);
    await reader.goto(`file://${path.join(unzipped, 'index.html')}`);
    await reader.locator('#catalogTree summary', { hasText: 'Guide' }).click();
    await reader.locator('#catalogTree summary', { hasText: 'Advanced' }).click();
    await reader.locator('#catalogTree a', { hasText: 'Tuning 调优' }).click();
    await reader.locator('h1.page-title', { hasText: 'Tuning 调优' }).waitFor();
    await reader.locator('.mermaid-block.is-rendered svg').waitFor();
    expect(await reader.locator('.markdown-body td').first().textContent()).toBe('ttl');
    await reader.fill('#searchInput', 'npm ci');
    await reader.locator('.search-hit', { hasText: 'Install' }).click();
    await reader.locator('h1.page-title', { hasText: 'Install' }).waitFor();
    expect(requested).toEqual([]);
    expect(errors).toEqual([]);
    await offline.close();
  });

  it('looks right in English and Chinese, wide and narrow', async () => {
    for (const [locale, tag] of [
      ['en-US', 'en'],
      ['zh-CN', 'zh'],
    ] as const) {
      const context = await loggedInContext(browser, server, owner, { locale });
      const page = await context.newPage();
      for (const width of [1280, 390]) {
        if (locale === 'en-US' && width === 1280) continue; // taken above, with a catalog chosen
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${server.url}/item/export/${itemId}`);
        await appReady(page);
        await page.getByTestId('export-begin').waitFor();
        expect(await page.getByTestId('export-begin').textContent()).toBe(tag === 'zh' ? '开始导出' : 'Begin export');
        // nothing runs off the screen's edge
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await screenshot(page, `export-${tag}-${width}`);
      }
      await context.close();
    }
  });
});
