// The Downloads screen against a real server (in-process jobs, test job kind 'test.pages' through
// QUIRE_TEST_JOBS): reached from the user menu, a job started meanwhile appears and its progress
// bar fills live over the socket, the finished file downloads; a failed job shows its message and
// retries; a running one is cancelled; a Chinese reader reads the stages in Chinese. Screenshots
// in English and Chinese at 1280 and 390 px go to .tmp/screenshots/downloads-*.png.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startE2EServer, type E2EServer } from './helpers/server';
import { launchBrowser, screenshot, watchErrors } from './helpers/browser';
import { appReady, createItem, registerUser, type TestUser } from './helpers/fixtures';

let server: E2EServer;
let browser: Browser;
let ann: TestUser;
let itemId = 0;
let state: Awaited<ReturnType<BrowserContext['storageState']>>;

async function startJob(params: Record<string, number>): Promise<string> {
  const res = await server.api<{ job_id: string }>('job/startTest', { item_id: itemId, ...params }, ann.token);
  if (res.error_code !== 0) throw new Error(`job/startTest → ${res.error_code} ${res.error_message}`);
  return res.data.job_id;
}

async function jobState(jobId: string): Promise<string> {
  return (await server.api<{ state: string }>('job/info', { job_id: jobId }, ann.token)).data.state;
}

async function openDownloads(locale: string, width: number): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width, height: 900 }, storageState: state });
  const page = await context.newPage();
  await page.goto(`${server.url}/downloads`);
  await appReady(page);
  await page.waitForSelector('[data-testid="downloads-screen"]');
  return page;
}

beforeAll(async () => {
  server = await startE2EServer({ QUIRE_TEST_JOBS: '1', JOB_CONCURRENCY: '1' });
  browser = await launchBrowser();
  ann = await registerUser(server, 'dl_ann');
  itemId = await createItem(server, ann, { item_name: 'Field Guide' });
  const first = await browser.newContext();
  const res = await first.request.post(`${server.url}/api/user/login`, { form: { username: ann.username, password: ann.password } });
  expect((await res.json()).error_code).toBe(0);
  state = await first.storageState();
  await first.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Downloads screen', () => {
  it('opens from the user menu; a job started meanwhile fills its progress bar live, and its file downloads', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, storageState: state, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/item/index`);
    await appReady(page);
    await page.click('[data-testid="user-menu"]');
    await page.getByRole('menuitem', { name: 'Downloads' }).click();
    await page.waitForSelector('[data-testid="downloads-screen"]');
    expect(new URL(page.url()).pathname).toBe('/downloads');
    await page.waitForSelector('[data-live="connected"]', { state: 'attached' });

    const jobId = await startJob({ pages: 8, step_ms: 400 });
    const row = page.locator(`[data-testid="job-${jobId}"]`);
    // the bar shows a value between 0 and 100 while it runs (pushed live), then done
    await page.waitForFunction(
      (id) => {
        const n = Number(document.querySelector(`[data-testid="job-${id}"] [role="progressbar"]`)?.getAttribute('aria-valuenow'));
        return n > 0 && n < 100;
      },
      jobId,
      { timeout: 30_000 },
    );
    expect(await row.locator('[data-testid="job-stage"]').textContent()).toMatch(/^Page \d of 8$/);
    await page.waitForSelector(`[data-testid="job-${jobId}"][data-state="done"]`);
    expect(await row.locator('[data-testid="job-state"]').textContent()).toBe('Done');

    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('[data-testid="job-download"]').click()]);
    expect(download.suggestedFilename()).toBe(`pages-${jobId}.txt`);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.trim().split('\n')).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Job ${jobId} page ${n}`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a failed job shows its message and runs again on Retry; a running job stops on Cancel', async () => {
    const page = await openDownloads('en-US', 1280);
    const failed = await startJob({ pages: 3, fail_at: 2 });
    const failedRow = page.locator(`[data-testid="job-${failed}"]`);
    await page.waitForSelector(`[data-testid="job-${failed}"][data-state="failed"]`, { timeout: 30_000 });
    expect(await failedRow.locator('[data-testid="job-stage"]').textContent()).toBe('The test job failed at step 2');
    await failedRow.locator('[data-testid="job-retry"]').click();
    // the handler fails at the same step again: the job comes back failed, as attempt 2
    await page.waitForSelector(`[data-testid="job-${failed}"][data-state="failed"] >> text=Attempt 2`, { timeout: 30_000 });

    const running = await startJob({ pages: 300, step_ms: 200 });
    const runningRow = page.locator(`[data-testid="job-${running}"]`);
    await page.waitForSelector(`[data-testid="job-${running}"][data-state="running"]`, { timeout: 30_000 });
    await runningRow.locator('[data-testid="job-cancel"]').click();
    await page.click('[data-testid="confirm-ok"]');
    await page.waitForSelector(`[data-testid="job-${running}"][data-state="cancelled"]`, { timeout: 30_000 });
    expect(await jobState(running)).toBe('cancelled');
    await page.context().close();
  });

  it('screenshots: English and Chinese at 1280 and 390 px, with a job waiting and one running', async () => {
    // one job at a time: a long one runs, another waits behind it
    const long = await startJob({ pages: 300, step_ms: 300 });
    const waiting = await startJob({ pages: 2 });
    for (const [locale, lang] of [
      ['en-US', 'en'],
      ['zh-CN', 'zh'],
    ] as const) {
      for (const width of [1280, 390]) {
        const page = await openDownloads(locale, width);
        await page.waitForSelector(`[data-testid="job-${long}"][data-state="running"]`, { timeout: 30_000 });
        await page.waitForSelector(`[data-testid="job-${waiting}"][data-state="queued"]`);
        if (lang === 'zh') {
          expect(await page.locator('h1').textContent()).toBe('下载中心');
          // the running job's stage in Chinese: from job/list, then from the pushes the screen puts in Chinese
          const stage = page.locator(`[data-testid="job-${long}"] [data-testid="job-stage"]`);
          const listed = await stage.textContent();
          expect(listed).toMatch(/^页面 \d+ \/ 300$/);
          await page.waitForFunction(
            ([id, before]) => {
              const now = document.querySelector(`[data-testid="job-${id}"] [data-testid="job-stage"]`)?.textContent;
              return !!now && now !== before;
            },
            [long, listed] as const,
          );
          expect(await stage.textContent()).toMatch(/^页面 \d+ \/ 300$/);
        }
        await screenshot(page, `downloads-${lang}-${width}`);
        await page.context().close();
      }
    }
    await server.api('job/cancel', { job_id: long }, ann.token);
  });
});
