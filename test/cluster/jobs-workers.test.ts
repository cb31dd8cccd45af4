// Background jobs with BullMQ: real `npm run workers` processes (workers/main.ts) on PostgreSQL and
// a Redis of our own, the test process acting as an API process that enqueues. The test job kind
// 'test.pages' (QUIRE_TEST_JOBS) writes pages, one per step, skipping pages an earlier attempt
// wrote. Failure modes: a worker killed with SIGKILL mid-job → another worker retries it and it
// finishes with no duplicate pages; Redis away → enqueue answers a clear error and stores nothing,
// and the job queued before the outage runs once Redis is back (even a Redis that lost its data);
// a job that throws → failed with its message. Progress reaches a browser's socket on an API
// process, once, and a cancel there stops the job in the worker. The schedule runs as BullMQ job
// schedulers: the 30-day recycle-bin purge and expired job results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { clusterDatabase, createUserWithToken, startNode, startRedis, startWorkers, stopAllWorkers, stopWorkers, until, type ClusterUser, type LocalRedis } from '../helpers/cluster';
import { connectSocket, seedItem, seedPage } from '../helpers/realtime';
import type { TestDatabase } from '../helpers/db';
import { jobs, pages, recycle } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { createDeps, type AppDeps } from '../../server/deps';
import { createLogger } from '../../server/logger';
import { enqueueJob } from '../../server/jobs/enqueue';
import { openResult, storeResult } from '../../server/jobs/results';
import type { TestPagesData } from '../../server/jobs/testKinds';
import { ApiError } from '../../server/errors';

let db: TestDatabase;
let redis: LocalRedis;
let dataDir: string;
let api: AppDeps;
let ann: ClusterUser;
let itemId: number;

function workerEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { DATABASE_URL: db.url!, REDIS_URL: redis.url, DATA_DIR: dataDir, QUIRE_TEST_JOBS: '1', QUIRE_JOB_LEASE_MS: '2000', ...extra };
}

const row = async (id: string) => (await db.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const pagesOf = (jobId: string) => db.db.select({ title: pages.pageTitle, content: pages.pageContent }).from(pages).where(like(pages.pageTitle, `Job ${jobId} page %`));
const enqueue = (data: TestPagesData) => enqueueJob(api, 'test.pages', data, { uid: ann.uid, itemId });

beforeAll(async () => {
  db = await clusterDatabase();
  redis = await startRedis();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-jobs-'));
  // this process acts as an API process: it enqueues into BullMQ and runs nothing
  const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: db.url, redisUrl: redis.url, dataDir };
  api = createDeps(config, db.db, 'postgres', createLogger('error'));
  ann = await createUserWithToken(db, 'jw_ann');
  itemId = await seedItem(db.db, ann);
});

afterAll(async () => {
  await stopAllWorkers();
  await api?.jobs.close();
  await redis?.stop();
  await db?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('jobs on BullMQ with `npm run workers`', () => {
  it('a worker killed with SIGKILL mid-job: another worker retries it and it finishes, with no duplicate pages', async () => {
    const { jobId } = await enqueue({ itemId, pages: 8, stepMs: 300 });
    const w1 = startWorkers(workerEnv());
    await until(async () => (await pagesOf(jobId)).length >= 2, () => `the first worker wrote pages; it said: ${w1.output()}`);
    w1.proc.kill('SIGKILL');
    await w1.exited;
    const killed = await row(jobId);
    expect(killed).toMatchObject({ state: 'running', attempt: 1 });
    const writtenByFirst = (await pagesOf(jobId)).length;
    expect(writtenByFirst).toBeLessThan(8);

    const w2 = startWorkers(workerEnv());
    await until(async () => (await row(jobId)).state === 'done', () => `the job finished on the second worker; it said: ${w2.output()}`);
    const done = await row(jobId);
    expect(done).toMatchObject({ state: 'done', progress: 100, attempt: 2, stalls: 1, error: '' });
    const written = await pagesOf(jobId);
    expect(written.map((p) => p.title).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Job ${jobId} page ${n}`).sort());
    // the pages of the killed attempt stayed as they were; the retry wrote only the rest
    expect(written.filter((p) => p.content.startsWith('Written by attempt 1')).length).toBe(writtenByFirst);
    expect(written.filter((p) => p.content.startsWith('Written by attempt 2')).length).toBe(8 - writtenByFirst);
    const file = await openResult(api, done.resultFile!);
    const chunks: Buffer[] = [];
    for await (const c of file!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString().trim().split('\n')).toHaveLength(8);
    await stopWorkers(w2);
  });

  it('a job that throws ends failed with its message', async () => {
    const w = startWorkers(workerEnv());
    const { jobId } = await enqueue({ itemId, pages: 3, failAt: 2, failMessage: 'The source file is not a zip archive' });
    await until(async () => (await row(jobId)).state === 'failed', () => `the job failed; the worker said: ${w.output()}`);
    expect(await row(jobId)).toMatchObject({ state: 'failed', error: 'The source file is not a zip archive', attempt: 1, resultFile: null });
    // the API processes can tell that a worker is connected (they warn when none is)
    expect(await api.jobs.workerCount()).toBe(1);
    await stopWorkers(w);
  });

  it('Redis away: enqueue answers a clear error and stores nothing; the job queued before runs when Redis is back', async () => {
    // queued while no worker runs; then Redis stops (and, without persistence, forgets it)
    const before = await enqueue({ itemId, pages: 2 });
    await redis.stop();
    const refused = await enqueue({ itemId, pages: 2 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 10503, template: 'The job queue cannot be reached right now, so nothing was started; please try again in a moment' });
    const stored = await db.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.state, 'queued'));
    expect(stored.map((j) => j.id)).toEqual([before.jobId]);

    // a worker started during the outage waits for Redis
    const w = startWorkers(workerEnv());
    await until(() => w.output().includes('quire workers ready'), () => `the worker started without Redis; it said: ${w.output()}`);
    expect((await row(before.jobId)).state).toBe('queued');
    await redis.start();
    await until(async () => (await row(before.jobId)).state === 'done', () => `the job ran once Redis was back; the worker said: ${w.output()}`);
    expect(await pagesOf(before.jobId)).toHaveLength(2);
    // and this process enqueues again, once its own connection is back (it retries with a backoff)
    let accepted: Awaited<ReturnType<typeof enqueue>> | null = null;
    await until(async () => !!(accepted = await enqueue({ itemId, pages: 1 }).catch(() => null)), 'this process enqueues again');
    const after = accepted!;
    await until(async () => (await row(after.jobId)).state === 'done', 'a job enqueued after the outage ran');
    await stopWorkers(w);
  });

  it('progress reaches the user\'s socket on an API process once; a cancel there stops the job in the worker', async () => {
    const node = await startNode({ DATABASE_URL: db.url!, REDIS_URL: redis.url, DATA_DIR: dataDir, QUIRE_TEST_JOBS: '1' });
    const w = startWorkers(workerEnv());
    const socket = await connectSocket(node.url, ann.user_token);
    try {
      const got: { job_id: string; status: string; progress: number; stage: string }[] = [];
      socket.on('job', (j) => got.push(j));
      const first = await enqueue({ itemId, pages: 3, stepMs: 50 });
      await until(() => got.some((j) => j.job_id === first.jobId && j.status === 'done'), () => `done pushed; the worker said: ${w.output()}`);
      expect(got.some((j) => j.job_id === first.jobId && j.status === 'running' && j.progress > 0 && j.progress < 100 && /^Page \d of 3$/.test(j.stage))).toBe(true);

      // cancelled through the API process while the worker runs it
      const long = await fetch(`${node.url}/api/job/startTest`, {
        method: 'POST',
        headers: { 'X-API-Token': ann.user_token },
        body: new URLSearchParams({ item_id: String(itemId), pages: '300', step_ms: '100' }),
      }).then((r) => r.json());
      expect(long.error_code).toBe(0);
      const longId: string = long.data.job_id;
      await until(() => got.some((j) => j.job_id === longId && j.progress > 0), 'the long job runs');
      const cancel = await fetch(`${node.url}/api/job/cancel`, { method: 'POST', headers: { 'X-API-Token': ann.user_token }, body: new URLSearchParams({ job_id: longId }) }).then((r) => r.json());
      expect(cancel.error_code).toBe(0);
      await until(() => got.some((j) => j.job_id === longId && j.status === 'cancelled'), 'cancelled pushed');
      expect((await pagesOf(longId)).length).toBeLessThan(300);
      // every push reached the socket once: the first job's end was pushed by one process only
      expect(got.filter((j) => j.job_id === first.jobId && j.status === 'done')).toHaveLength(1);
    } finally {
      socket.close();
      await stopWorkers(w);
      await node.kill();
    }
  });

  it('the schedule runs as BullMQ job schedulers: the 30-day recycle-bin purge, and job results after 7 days', async () => {
    const now = Math.floor(Date.now() / 1000);
    const oldPage = await seedPage(db.db, itemId, 'old', { isDel: 1 });
    await db.db.insert(recycle).values({ itemId, pageId: oldPage, pageTitle: 'old', delByUid: ann.uid, delTime: now - 31 * 86400 });
    // a finished job whose file is past its 7 days
    const scratch = path.join(dataDir, 'old-result.txt');
    fs.writeFileSync(scratch, 'old');
    const file = await storeResult(api, { path: scratch, name: 'old.txt', type: 'text/plain' });
    await db.db.insert(jobs).values({ id: 'a'.repeat(24), kind: 'test.pages', uid: ann.uid, state: 'done', resultFile: file, finishedAt: now - 8 * 86400, expiresAt: now - 86400 });
    expect(await openResult(api, file)).not.toBeNull();

    const w = startWorkers(workerEnv({ QUIRE_HOUSEKEEPING_MS: '500' }));
    await until(async () => (await db.db.select().from(pages).where(eq(pages.pageId, oldPage))).length === 0, () => `old page purged; workers said: ${w.output()}`);
    await until(async () => (await row('a'.repeat(24))).resultFile === null, () => `expired result removed; workers said: ${w.output()}`);
    expect(await openResult(api, file)).toBeNull();
    await stopWorkers(w);
  });
});
