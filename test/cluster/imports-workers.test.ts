// An import (job import.auto) run by real `npm run workers` processes on PostgreSQL and a Redis of
// our own, the test process acting as the API process that stores the upload and enqueues. The
// worker is killed with SIGKILL half-way through writing 5,000 pages: the next worker retries the
// job once the claim ran out, the rerun removes the half-made item first, and the import finishes
// with exactly one item of 5,000 pages, no duplicates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, countDistinct, eq } from 'drizzle-orm';
import { clusterDatabase, createUserWithToken, startRedis, startWorkers, stopAllWorkers, stopWorkers, until, type ClusterUser, type LocalRedis } from '../helpers/cluster';
import { bigApi } from '../helpers/imports';
import type { TestDatabase } from '../helpers/db';
import { catalogs, imports, items, jobs, pages } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { createDeps, type AppDeps } from '../../server/deps';
import { createLogger } from '../../server/logger';
import { enqueueJob } from '../../server/jobs/enqueue';
import { createImport, setImportJob } from '../../server/domain/imports/start';

const OPERATIONS = 5000;

let db: TestDatabase;
let redis: LocalRedis;
let dataDir: string;
let api: AppDeps;
let ann: ClusterUser;
/** a worker on the test's database, Redis and data directory */
const workerEnv = () => ({ DATABASE_URL: db.url!, REDIS_URL: redis.url, DATA_DIR: dataDir, QUIRE_JOB_LEASE_MS: '2000' });

const importRow = async (id: string) => (await db.db.select().from(imports).where(eq(imports.id, id)))[0];
const jobRow = async (id: string) => (await db.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const pagesIn = async (itemId: number) => {
  const [r] = await db.db.select({ n: count(), titles: countDistinct(pages.pageTitle) }).from(pages).where(eq(pages.itemId, itemId));
  return { n: Number(r.n), titles: Number(r.titles) };
};

beforeAll(async () => {
  db = await clusterDatabase();
  redis = await startRedis();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-imports-workers-'));
  // this process acts as an API process: it stores the upload, enqueues into BullMQ and runs nothing
  const config = { ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: db.url, redisUrl: redis.url, dataDir };
  api = createDeps(config, db.db, 'postgres', createLogger('error'));
  ann = await createUserWithToken(db, 'iw_ann');
});

afterAll(async () => {
  await stopAllWorkers();
  await api?.jobs.close();
  await redis?.stop();
  await db?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('import.auto on BullMQ with `npm run workers`', () => {
  it('a worker killed with SIGKILL mid-import: the job finishes on the next worker with one item and no duplicate pages', async () => {
    const upload = path.join(dataDir, 'big.json');
    fs.writeFileSync(upload, bigApi(OPERATIONS));
    const importId = await createImport(api, { uid: ann.uid, itemId: 0, catId: 0, fileName: 'big.json', filePath: upload, lang: 'en', siteBase: 'http://quire.test' });
    const { jobId } = await enqueueJob(api, 'import.auto', { importId }, { uid: ann.uid });
    await setImportJob(api, importId, jobId);

    const w1 = startWorkers(workerEnv());
    // killed once a few batches of pages are written, well before the last
    await until(async () => (await importRow(importId)).createdPages.length >= 300, () => `the first worker wrote pages; it said: ${w1.output()}`);
    w1.proc.kill('SIGKILL');
    await w1.exited;
    const killed = await importRow(importId);
    expect(killed).toMatchObject({ state: 'running', attempt: 1 });
    expect(killed.createdItemId).toBeGreaterThan(0);
    expect(killed.createdPages.length).toBeLessThan(OPERATIONS);
    const halfItem = killed.createdItemId;
    expect((await pagesIn(halfItem)).n).toBe(killed.createdPages.length);

    const w2 = startWorkers(workerEnv());
    await until(async () => ['done', 'failed'].includes((await jobRow(jobId)).state), () => `the job ended on the second worker; it said: ${w2.output()}`);
    expect(await jobRow(jobId)).toMatchObject({ state: 'done', progress: 100, attempt: 2, stalls: 1, error: '' });
    const done = await importRow(importId);
    expect(done).toMatchObject({ state: 'done', attempt: 2, error: '' });
    expect(done.report).toMatchObject({ pagesCreated: OPERATIONS, catalogsCreated: 50 });

    // the half-made item of the killed attempt is gone, with its pages
    expect(await db.db.select().from(items).where(eq(items.itemId, halfItem))).toEqual([]);
    expect((await pagesIn(halfItem)).n).toBe(0);
    // one item from the import, visible, with every operation once
    const mine = await db.db.select().from(items).where(eq(items.uid, ann.uid));
    expect(mine.map((i) => [i.itemId, i.itemName, i.isDel])).toEqual([[done.itemId, `Big API ${OPERATIONS}`, 0]]);
    expect(await pagesIn(done.itemId)).toEqual({ n: OPERATIONS, titles: OPERATIONS });
    const [cats] = await db.db.select({ n: count() }).from(catalogs).where(eq(catalogs.itemId, done.itemId));
    expect(Number(cats.n)).toBe(50);
    await stopWorkers(w2);
  }, 240_000);
});
