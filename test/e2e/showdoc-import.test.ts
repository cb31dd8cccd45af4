// "Move from ShowDoc" in the admin console (#21) against a real server: the administrator picks a
// ShowDoc database (test/fixtures/showdoc) and a zip of its Public/Uploads, starts, sees the job
// wait for the only job slot (held by a test job), then follows it live — no reload — to its
// report: rows per table, skipped rows with their reasons. A Chinese reader opens the same report;
// a file that is not a database fails with the reason.
// Screenshots in English and Chinese at 1280 and 390 px: .tmp/screenshots/showdoc-*.png.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { appReady, createItem, loggedInContext, registerUser, type TestUser } from './helpers/fixtures';
import { buildShowdocDb, SHOWDOC_FIXTURE } from '../fixtures/showdoc/buildShowdocDb';
import { makeZip } from '../helpers/zip';

let server: E2EServer;
let browser: Browser;
let admin: TestUser;
let itemId: number;
let dir: string;
let dbFile: string;
let zipFile: string;
const contexts: BrowserContext[] = [];

async function open(locale: string, width: number, address: string): Promise<Page> {
  const context = await loggedInContext(browser, server, admin, { locale });
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${server.url}${address}`);
  await appReady(page);
  await page.getByTestId('admin-showdoc').waitFor();
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
  server = await startE2EServer({ QUIRE_TEST_JOBS: '1', JOB_CONCURRENCY: '1' });
  browser = await launchBrowser();
  admin = await registerUser(server, 'sd_admin'); // the first account is the administrator
  itemId = await createItem(server, admin, { item_name: 'Job slot' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-showdoc-'));
  dbFile = path.join(dir, 'showdoc.db.php');
  const uploads = path.join(dir, 'Uploads');
  await buildShowdocDb(dbFile, { uploadsDir: uploads });
  zipFile = path.join(dir, 'Uploads.zip');
  fs.writeFileSync(zipFile, makeZip([{ name: SHOWDOC_FIXTURE.attachment.file, data: fs.readFileSync(path.join(uploads, SHOWDOC_FIXTURE.attachment.file)) }]));
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('Move from ShowDoc', () => {
  it('upload, wait, live progress to the report; the same report in Chinese and on a phone', async () => {
    const page = await open('en-US', 1280, '/admin/index?tab=showdoc');
    const errors = watchErrors(page);
    expect(await page.getByTestId('showdoc-start').isDisabled()).toBe(true);
    await page.locator('[data-testid="showdoc-db"] input[type=file]').setInputFiles(dbFile);
    await page.locator('[data-testid="showdoc-uploads"] input[type=file]').setInputFiles(zipFile);
    await page.getByTestId('showdoc-site-url').fill(SHOWDOC_FIXTURE.siteUrl);
    await shots(page, 'showdoc-form-en');

    // the only job slot is busy: the import waits, shown as such
    const blocker = await server.api<{ job_id: string }>('job/startTest', { item_id: itemId, pages: 2, step_ms: 60_000 }, admin.token);
    expect(blocker.error_code, blocker.error_message).toBe(0);
    await page.getByTestId('showdoc-start').click();
    await page.locator('[data-testid="admin-showdoc"][data-state="queued"]').waitFor();
    expect(await page.getByTestId('showdoc-stage').textContent()).toBe('Waiting for a worker…');
    const jobId = new URL(page.url()).searchParams.get('job');
    expect(jobId).toMatch(/^[0-9a-f]{32}$/);
    await shots(page, 'showdoc-queued-en');

    // the slot frees: the page follows the job over the socket to its report, without a reload
    expect((await server.api('job/cancel', { job_id: blocker.data.job_id }, admin.token)).error_code).toBe(0);
    await page.getByTestId('showdoc-report').waitFor({ timeout: 60_000 });
    const counts = await page.getByTestId('showdoc-counts').textContent();
    expect(counts).toContain('user');
    expect(counts).toContain('page');
    expect(await page.getByTestId('showdoc-report').textContent()).toContain('ShowDoc site imported');
    expect(await page.getByTestId('showdoc-skipped').textContent()).toContain(String(SHOWDOC_FIXTURE.items.whiteboard));
    await shots(page, 'showdoc-report-en');
    expect(errors).toEqual([]);

    // a Chinese reader opens the same report (Downloads' Open button leads here)
    const zh = await open('zh-CN', 1280, `/admin/index?tab=showdoc&job=${jobId}`);
    await zh.getByTestId('showdoc-report').waitFor();
    expect(await zh.getByTestId('showdoc-report').textContent()).toContain('各表行数');
    await shots(zh, 'showdoc-report-zh');
    await zh.getByTestId('showdoc-anew').click();
    await zh.getByTestId('showdoc-start').waitFor();
    expect(await zh.getByTestId('admin-showdoc').textContent()).toContain('Sqlite/showdoc.db.php');
    await shots(zh, 'showdoc-form-zh');
  });

  it('a file that is not a ShowDoc database: the job fails with the reason, in the reader\'s language', async () => {
    const notDb = path.join(dir, 'notes.txt');
    fs.writeFileSync(notDb, 'these are my notes, not a database');
    const page = await open('zh-CN', 1280, '/admin/index?tab=showdoc');
    const errors = watchErrors(page);
    await page.locator('[data-testid="showdoc-db"] input[type=file]').setInputFiles(notDb);
    await page.getByTestId('showdoc-start').click();
    await page.getByTestId('showdoc-error').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('showdoc-error').textContent()).toBe('notes.txt 不是 SQLite 数据库，请选择 ShowDoc 安装目录中的 Sqlite/showdoc.db.php 文件');
    await shots(page, 'showdoc-failed-zh');
    expect(errors).toEqual([]);
  });
});
