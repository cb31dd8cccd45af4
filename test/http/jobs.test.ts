// Background jobs through the API, with the in-process engine (the embedded database, or
// PostgreSQL without Redis) and the test job kind 'test.pages' (QUIRE_TEST_JOBS): a job runs with
// progress and leaves a file its user downloads; it is its user's only; a job that throws fails
// with its message and a retry runs it again; cancel stops a queued job before it runs and a
// running one at its next step; result files go after 7 days; a job's stage and failure reach
// each reader in their language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jobs, notices, pages } from '../../server/db/schema';
import { enqueueJob } from '../../server/jobs/enqueue';
import { waitForJob } from '../../server/jobs/control';
import type { JobHandler } from '../../server/jobs/types';
import { removeExpiredResults, RESULT_TTL_SECONDS } from '../../server/jobs/results';
import type { DomainEvents } from '../../server/events';
import type { JobInfo, JobPush } from '../../shared/api/job';
import { notFound } from '../../server/errors';
import { connectSocket } from '../helpers/realtime';

let app: TestApp;
let ann: { uid: number; user_token: string };
let bob: { uid: number; user_token: string };
let itemId: number;
const events: DomainEvents['job.progress'][] = [];

async function until(cond: () => boolean | Promise<boolean>, what: string, timeout = 30_000): Promise<void> {
  const start = Date.now();
  while (!(await cond())) {
    if (Date.now() - start > timeout) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const info = async (jobId: string, token = ann.user_token) => (await app.call<JobInfo>('job/info', { job_id: jobId }, { token })).data;
const finished = (jobId: string) => until(async () => ['done', 'failed', 'cancelled'].includes((await info(jobId)).state), `job ${jobId} finished`);
const pagesOf = (jobId: string) => app.deps.db.select({ title: pages.pageTitle }).from(pages).where(like(pages.pageTitle, `Job ${jobId} page %`));

async function start(params: Record<string, unknown>, token = ann.user_token): Promise<JobInfo> {
  const r = await app.call<JobInfo>('job/startTest', { item_id: itemId, ...params }, { token });
  expect(r.error_code, r.error_message).toBe(0);
  return r.data;
}

beforeAll(async () => {
  app = await startTestApp({ config: { testJobs: true, jobConcurrency: 1 }, jobs: true });
  app.deps.events.on('job.progress', (e) => events.push(e));
  ann = await app.register('job_ann');
  bob = await app.register('job_bob');
  const item = await app.call('item/add', { item_name: 'Jobs', item_type: 1 }, { token: ann.user_token });
  itemId = Number(item.data.item_id);
});

afterAll(async () => {
  await app?.close();
});

describe('jobs: run, follow, download', () => {
  it('runs a job to done with progress, and its user downloads the file', async () => {
    const job = await start({ pages: 4, step_ms: 50 });
    expect(job).toMatchObject({ kind: 'test.pages', item_id: itemId, item_name: 'Jobs', download_url: '', file: null });
    // the runner may have taken it already
    expect(['queued', 'running']).toContain(job.state);
    await finished(job.job_id);
    const done = await info(job.job_id);
    expect(done).toMatchObject({ state: 'done', progress: 100, stage: 'Page 4 of 4', error: '', attempt: 1, summary: { created: 4 } });
    expect(done.file).toMatchObject({ name: `pages-${job.job_id}.txt`, type: 'text/plain; charset=utf-8' });
    expect(done.expires_at - done.finished_at).toBe(RESULT_TTL_SECONDS);

    // the live events: queued, running with progress, done with a link to the Downloads screen
    const mine = events.filter((e) => e.jobId === job.job_id);
    expect(mine[0]).toMatchObject({ uid: ann.uid, name: 'test.pages', status: 'queued' });
    expect(mine.some((e) => e.status === 'running' && e.progress > 0 && e.progress < 100)).toBe(true);
    expect(mine.at(-1)).toMatchObject({ status: 'done', progress: 100, result: { link: `/downloads?job=${job.job_id}` } });

    // downloaded as a link with the token in the URL (a browserGet action), as an attachment
    const res = await app.fetch(`${done.download_url}&user_token=${ann.user_token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="pages-${job.job_id}.txt"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await res.text();
    expect(text.trim().split('\n')).toEqual([1, 2, 3, 4].map((n) => `Job ${job.job_id} page ${n}`));
    expect((await pagesOf(job.job_id)).length).toBe(4);

    const list = await app.call<JobInfo[]>('job/list', {}, { token: ann.user_token });
    expect(list.data.map((j) => j.job_id)).toContain(job.job_id);
  });

  it('waitForJob answers once the job ended (for actions that answer with the result, as import/auto)', async () => {
    const job = await start({ pages: 3, step_ms: 30 });
    const ended = await waitForJob(app.deps, job.job_id);
    expect(ended).toMatchObject({ id: job.job_id, state: 'done', progress: 100 });
  });

  it('a job is its user\'s only: another user and an anonymous caller are refused everything', async () => {
    const job = await start({ pages: 1 });
    await finished(job.job_id);
    const notYours = { error_code: 10101, error_message: 'This job does not exist or is not yours' };
    for (const action of ['job/info', 'job/cancel', 'job/retry']) {
      expect(await app.call(action, { job_id: job.job_id }, { token: bob.user_token }), action).toMatchObject(notYours);
      expect((await app.call(action, { job_id: job.job_id })).error_code, action).toBe(10102);
    }
    expect((await app.call<JobInfo[]>('job/list', {}, { token: bob.user_token })).data).toEqual([]);
    expect((await app.call('job/list', {})).error_code).toBe(10102);
    const asBob = await app.fetch(`/api/job/download?job_id=${job.job_id}&user_token=${bob.user_token}`);
    expect(await asBob.json()).toMatchObject(notYours);
    const anonymous = await app.fetch(`/api/job/download?job_id=${job.job_id}`);
    expect((await anonymous.json()).error_code).toBe(10102);
    // a job id that is no job, and a malformed one, answer the same
    expect(await app.call('job/info', { job_id: 'f'.repeat(32) }, { token: ann.user_token })).toMatchObject(notYours);
    expect(await app.call('job/info', { job_id: '../../x' }, { token: ann.user_token })).toMatchObject(notYours);
    // nor may bob start a job writing into ann's item
    expect((await app.call('job/startTest', { item_id: itemId, pages: 1 }, { token: bob.user_token })).error_code).toBe(10103);
    expect((await app.call('job/info', { job_id: job.job_id }, { token: ann.user_token })).error_code).toBe(0);
  });

  it('a job that throws ends failed with its message; a retry runs it again as a new attempt', async () => {
    const job = await start({ pages: 3, fail_at: 2 });
    await finished(job.job_id);
    const failed = await info(job.job_id);
    expect(failed).toMatchObject({ state: 'failed', error: 'The test job failed at step 2', download_url: '', file: null, attempt: 1 });
    expect(events.filter((e) => e.jobId === job.job_id).at(-1)).toMatchObject({ status: 'failed', error: 'The test job failed at step 2' });
    // only failed jobs are retried, and cancelling a finished one is refused
    expect(await app.call('job/cancel', { job_id: job.job_id }, { token: ann.user_token })).toMatchObject({ error_code: 10101, error_message: 'This job has already finished' });

    // the handler fails at step 2 on every attempt: the retry fails again, as attempt 2
    const again = await app.call<JobInfo>('job/retry', { job_id: job.job_id }, { token: ann.user_token });
    expect(again.data).toMatchObject({ state: 'queued', error: '', progress: 0 });
    await finished(job.job_id);
    expect(await info(job.job_id)).toMatchObject({ state: 'failed', attempt: 2 });
    // no duplicate effects: page 1 once, though both attempts reached it
    expect((await pagesOf(job.job_id)).map((p) => p.title)).toEqual([`Job ${job.job_id} page 1`]);
    const ok = await start({ pages: 1 });
    await finished(ok.job_id);
    expect(await app.call('job/retry', { job_id: ok.job_id }, { token: ann.user_token })).toMatchObject({ error_code: 10101, error_message: 'Only a failed job can be retried' });
  });

  it('a retry of a job that failed once finishes it, and removes the scratch folder an earlier run left', async () => {
    // failOnce is not in the test action's parameters: store it the way enqueueJob does
    const job = await start({ pages: 2, fail_at: 1 });
    await finished(job.job_id);
    await app.deps.db.update(jobs).set({ data: { itemId, pages: 2, failAt: 1, failOnce: true } }).where(eq(jobs.id, job.job_id));
    // the scratch folder a killed run of the job would leave (server/jobs/scratch.ts)
    const left = fs.mkdtempSync(path.join(os.tmpdir(), `quire-job-${job.job_id}-`));
    fs.writeFileSync(path.join(left, 'export.docx.body'), 'partial');
    await app.call('job/retry', { job_id: job.job_id }, { token: ann.user_token });
    await finished(job.job_id);
    expect(await info(job.job_id)).toMatchObject({ state: 'done', attempt: 2, progress: 100 });
    // the retry removed it when it started, and its own when it ended
    expect(fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith(`quire-job-${job.job_id}-`))).toEqual([]);
    expect((await pagesOf(job.job_id)).length).toBe(2);
  });

  it('cancel: a queued job never runs, a running one stops at its next step', async () => {
    // one job at a time: the second waits behind the first
    const running = await start({ pages: 200, step_ms: 100 });
    const queued = await start({ pages: 2 });
    await until(async () => (await info(running.job_id)).progress > 0, 'the first job runs');
    expect((await info(queued.job_id)).state).toBe('queued');

    const c1 = await app.call<JobInfo>('job/cancel', { job_id: queued.job_id }, { token: ann.user_token });
    expect(c1.data.state).toBe('cancelled');
    const c2 = await app.call<JobInfo>('job/cancel', { job_id: running.job_id }, { token: ann.user_token });
    expect(c2.data.state).toBe('running');
    await finished(running.job_id);
    const stopped = await info(running.job_id);
    expect(stopped).toMatchObject({ state: 'cancelled', file: null, download_url: '' });
    expect(stopped.progress).toBeLessThan(100);
    expect((await pagesOf(running.job_id)).length).toBeLessThan(200);

    // the queue is free again; the cancelled queued job never ran
    const after = await start({ pages: 1 });
    await finished(after.job_id);
    expect((await info(after.job_id)).state).toBe('done');
    expect(await pagesOf(queued.job_id)).toEqual([]);
    expect(events.some((e) => e.jobId === queued.job_id && e.status === 'running')).toBe(false);
  });

  it('result files are removed 7 days after their job finished; the job says so', async () => {
    const job = await start({ pages: 1 });
    await finished(job.job_id);
    const done = await info(job.job_id);
    app.setNow(done.expires_at - 1);
    await removeExpiredResults(app.deps);
    expect((await info(job.job_id)).file).not.toBeNull();
    app.setNow(done.expires_at);
    expect(await removeExpiredResults(app.deps)).toBeGreaterThanOrEqual(1);
    app.setNow(undefined);
    expect(await info(job.job_id)).toMatchObject({ state: 'done', file: null, download_url: '', expires_at: 0 });
    const res = await app.fetch(`/api/job/download?job_id=${job.job_id}&user_token=${ann.user_token}`);
    expect(await res.json()).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('removed 7 days after') });
  });
});

describe('jobs: test kinds are a test switch', () => {
  it('job/startTest answers like an unknown action without QUIRE_TEST_JOBS', async () => {
    const plain = await startTestApp();
    try {
      const u = await plain.register('job_plain');
      const r = await plain.call('job/startTest', { item_id: 1 }, { token: u.user_token });
      expect(r).toMatchObject({ error_code: 10404, error_message: 'Invalid request' });
      expect(await plain.deps.db.select().from(jobs)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe('jobs: the notice when an export finishes', () => {
  it('tells its user once, with a link to the Downloads screen showing the job', async () => {
    // a stand-in for an export handler (server/domain/exports registers the real ones)
    const fakeExport: JobHandler = async (_deps, _data, ctx) => {
      const file = ctx.scratchPath('out.zip');
      fs.writeFileSync(file, 'PK');
      await ctx.progress(50, 'Half way');
      return { file: { path: file, name: 'Manual.zip', type: 'application/zip' } };
    };
    const other = await startTestApp({ jobs: { 'export.markdown': fakeExport } });
    try {
      const u = await other.register('job_notice');
      const { jobId } = await enqueueJob(other.deps, 'export.markdown', { itemId: 0 }, { uid: u.uid });
      await until(async () => (await other.deps.db.select().from(notices).where(eq(notices.toUid, u.uid))).length > 0, 'notice created');
      const [notice] = await other.deps.db.select().from(notices).where(eq(notices.toUid, u.uid));
      expect(notice).toMatchObject({ noticeType: 'job_done', noticeTitle: 'Your export is ready', objectType: `job:${jobId}` });
      expect(notice.noticeContent).toContain(`href="/downloads?job=${jobId}"`);
      const [row] = await other.deps.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect(row.resultFile).toMatchObject({ name: 'Manual.zip', type: 'application/zip', size: 2 });
    } finally {
      await other.close();
    }
  });
});

describe('jobs: texts in the reader\'s language', () => {
  it('job/info and job/list give the stage and an ApiError\'s failure in the caller\'s language; the push sends English with the template', async () => {
    // a stand-in for an export that reports a stage with values, then is refused
    const refusedExport: JobHandler = async (_deps, _data, ctx) => {
      await ctx.progress(6, 'Page {n} of {total}', { n: 19, total: 300 });
      throw notFound('Page {page_id} does not belong to this item', { page_id: 7 });
    };
    const other = await startTestApp({ jobs: { 'export.word': refusedExport }, realtime: true });
    const u = await other.register('job_lang');
    const socket = await connectSocket(other.url, u.user_token);
    try {
      const pushed: JobPush[] = [];
      socket.on('job', (j: JobPush) => pushed.push(j));
      const { jobId } = await enqueueJob(other.deps, 'export.word', { itemId: 0 }, { uid: u.uid });
      await until(() => pushed.some((j) => j.job_id === jobId && j.status === 'failed'), 'the failure is pushed');
      const zh = { token: u.user_token, headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } };
      expect((await other.call<JobInfo>('job/info', { job_id: jobId }, zh)).data).toMatchObject({ state: 'failed', progress: 6, stage: '页面 19 / 300', error: '页面 7 不属于该项目' });
      expect((await other.call<JobInfo[]>('job/list', {}, zh)).data[0]).toMatchObject({ job_id: jobId, stage: '页面 19 / 300', error: '页面 7 不属于该项目' });
      expect((await other.call<JobInfo>('job/info', { job_id: jobId }, { token: u.user_token })).data).toMatchObject({ stage: 'Page 19 of 300', error: 'Page 7 does not belong to this item' });
      // one push reaches every tab of the user: English, and the template for the tab to fill in
      expect(pushed.find((j) => j.status === 'running' && j.progress === 6)).toMatchObject({ stage: 'Page 19 of 300', stage_template: 'Page {n} of {total}', stage_vars: { n: 19, total: 300 } });
      expect(pushed.at(-1)).toMatchObject({
        status: 'failed',
        error: 'Page 7 does not belong to this item',
        error_template: 'Page {page_id} does not belong to this item',
        error_vars: { page_id: 7 },
      });
    } finally {
      socket.close();
      await other.close();
    }
  });
});
