// Exports (kinds export.word, export.markdown) run by a real `npm run workers` process on
// PostgreSQL and a Redis of our own, asked for through a real API process that has REDIS_URL and
// runs no jobs itself (no JOBS_IN_API). An item too large to answer at once (more than 50 pages)
// makes the export navigation a job: its progress reaches the user's socket on the API process,
// and the file, written by the worker, downloads from job/download and opens. A worker killed with
// SIGKILL mid-export: the restarted worker runs the job again from the start and it finishes,
// with one result file stored and the killed run's scratch folder gone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { clusterDatabase, createUserWithToken, startNode, startRedis, startWorkers, stopAllWorkers, stopWorkers, until, type ClusterUser, type LocalRedis, type ServerProcess } from '../helpers/cluster';
import { connectSocket, seedItem } from '../helpers/realtime';
import type { TestDatabase } from '../helpers/db';
import { catalogs, jobs, pages } from '../../server/db/schema';

/** above INLINE_EXPORT_MAX_PAGES (50): every export of the item is a job */
const PER_CATALOG = 100;
const CATALOGS = ['Guide 指南', 'Reference', 'Appendix'];
const PAGES = PER_CATALOG * CATALOGS.length;

let db: TestDatabase;
let redis: LocalRedis;
let dataDir: string;
let scratchDir: string;
let node: ServerProcess;
let ann: ClusterUser;
let itemId: number;
/** a worker on the test's database, Redis and data directory */
const workerEnv = () => ({
  DATABASE_URL: db.url!,
  REDIS_URL: redis.url,
  DATA_DIR: dataDir,
  // the scratch folder a killed worker leaves behind stays in the test's own folder
  TMPDIR: scratchDir,
  QUIRE_JOB_LEASE_MS: '2000',
});

const jobRow = async (id: string) => (await db.db.select().from(jobs).where(eq(jobs.id, id)))[0];

/** A page with some of everything the Word export renders, so each page is real work. */
const contentOf = (title: string) =>
  [
    `## ${title}: overview`,
    'Some **bold**, some _italic_, `code` and a [link](https://example.com/docs).',
    '- first\n- second\n  - nested',
    '1. one\n2. two',
    '| Name | Type | Notes |\n|---|---|---|\n| id | int | 编号 |\n| name | string | the name |',
    '```js\nconst answer = 42;\nconsole.log(answer);\n```',
    '> A quote with 中文 text.',
  ].join('\n\n');

/** Navigates to an export as ShowDoc's clients do; a large one answers with the Downloads screen. */
async function exportJob(format: 'word' | 'markdown'): Promise<string> {
  const res = await fetch(`${node.url}/api/export/${format}?item_id=${itemId}&user_token=${ann.user_token}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const jobId = /^\/downloads\?job=([0-9a-z]+)$/.exec(res.headers.get('location') ?? '')?.[1];
  expect(jobId).toMatch(/^[0-9a-f]{32}$/);
  return jobId!;
}

/** The job's file, through job/info's download address on the API process. */
async function download(jobId: string): Promise<{ name: string; zip: JSZip }> {
  const info = await fetch(`${node.url}/api/job/info`, { method: 'POST', headers: { 'X-API-Token': ann.user_token }, body: new URLSearchParams({ job_id: jobId }) }).then((r) => r.json());
  expect(info.data).toMatchObject({ state: 'done', progress: 100, error: '' });
  const res = await fetch(`${node.url}${info.data.download_url}&user_token=${ann.user_token}`);
  expect(res.status).toBe(200);
  const name = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '');
  return { name, zip: await JSZip.loadAsync(Buffer.from(await res.arrayBuffer())) };
}

/** The result files stored under the data directory (local storage: uploads/jobs/). */
const storedResults = () => {
  const dir = path.join(dataDir, 'uploads', 'jobs');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

/** Bytes of the Word body a run of the job has rendered so far, in its scratch folder (word.ts: `<out>.body`). */
function renderedBody(jobId: string): number {
  for (const dir of fs.readdirSync(scratchDir).filter((d) => d.startsWith(`quire-job-${jobId}-`))) {
    try {
      return fs.statSync(path.join(scratchDir, dir, 'export.docx.body')).size;
    } catch {
      // not opened yet
    }
  }
  return 0;
}

beforeAll(async () => {
  db = await clusterDatabase();
  redis = await startRedis();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-exports-workers-'));
  scratchDir = path.join(dataDir, 'tmp');
  fs.mkdirSync(scratchDir);
  ann = await createUserWithToken(db, 'ew_ann');
  // one item shared by the cases: two catalogs of pages, written in two statements
  itemId = await seedItem(db.db, ann, { itemName: 'Handbook 手册' });
  const now = Math.floor(Date.now() / 1000);
  for (const [i, catName] of CATALOGS.entries()) {
    const [cat] = await db.db.insert(catalogs).values({ catName, itemId, parentCatId: 0, level: 2, sNumber: i + 1, addtime: now }).returning({ catId: catalogs.catId });
    const titles = Array.from({ length: PER_CATALOG }, (_, n) => `${catName} page ${n + 1}`);
    await db.db.insert(pages).values(
      titles.map((pageTitle, n) => ({ itemId, catId: cat.catId, pageTitle, pageContent: contentOf(pageTitle), sNumber: n + 1, authorUid: ann.uid, authorUsername: ann.username, addtime: now, pageAddtime: now })),
    );
  }
  // the API process enqueues into BullMQ and runs no job (no JOBS_IN_API); the worker shares its data directory
  node = await startNode({ DATABASE_URL: db.url!, REDIS_URL: redis.url, DATA_DIR: dataDir, JOBS_IN_API: '' });
}, 60_000);

afterAll(async () => {
  await stopAllWorkers();
  await node?.kill();
  await redis?.stop();
  await db?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('exports on BullMQ with `npm run workers`', () => {
  it('a large Word and a Markdown export run on the worker: progress reaches the socket on the API process, the files download from job/download and open', async () => {
    const w = startWorkers(workerEnv());
    const socket = await connectSocket(node.url, ann.user_token);
    try {
      const got: { job_id: string; status: string; progress: number; stage: string }[] = [];
      socket.on('job', (j) => got.push(j));
      const word = await exportJob('word');
      const markdown = await exportJob('markdown');
      const ended = (id: string) => got.some((j) => j.job_id === id && ['done', 'failed'].includes(j.status));
      await until(() => ended(word) && ended(markdown), () => `both exports ended; the worker said: ${w.output()}`);
      for (const id of [word, markdown]) {
        // what the worker reported, pushed in order: its first report and its last are always written
        const pushed = got.filter((j) => j.job_id === id);
        expect(pushed.find((j) => j.status === 'running' && j.stage === 'Checking access')).toMatchObject({ progress: 0 });
        expect(pushed.slice(-2).map((j) => [j.status, j.progress, j.stage])).toEqual([
          ['running', 100, 'Done'],
          ['done', 100, 'Done'],
        ]);
        expect(pushed.map((j) => j.progress)).toEqual(pushed.map((j) => j.progress).sort((a, b) => a - b));
      }

      const docx = await download(word);
      expect(docx.name).toMatch(/^Handbook 手册_\d{14}\.docx$/);
      const doc = await docx.zip.file('word/document.xml')!.async('string');
      for (const heading of ['Guide 指南', 'Reference', 'Guide 指南 page 1', `Guide 指南 page ${PER_CATALOG}`, 'Reference page 1', `Reference page ${PER_CATALOG}`]) {
        expect(doc).toContain(`>${heading}<`);
      }
      expect(doc).toContain('<w:tbl>');

      const md = await download(markdown);
      expect(md.name).toMatch(/^Handbook 手册_markdown_\d{14}\.zip$/);
      const info = JSON.parse(await md.zip.file('info.json')!.async('string'));
      expect(info.item_name).toBe('Handbook 手册');
      expect(info.pages.catalogs.map((c: { cat_name: string; pages: unknown[] }) => [c.cat_name, c.pages.length])).toEqual(CATALOGS.map((c) => [c, PER_CATALOG]));
      expect(Object.keys(md.zip.files).filter((n) => n.endsWith('.md'))).toHaveLength(PAGES);
      expect(await md.zip.file(`Reference/Reference page ${PER_CATALOG}.md`)!.async('string')).toBe(contentOf(`Reference page ${PER_CATALOG}`));
    } finally {
      socket.close();
      await stopWorkers(w);
    }
  }, 120_000);

  it('a worker killed with SIGKILL mid-export: the restarted worker runs the job again and it finishes, with one result file and no scratch folder left', async () => {
    const before = storedResults();
    const w1 = startWorkers(workerEnv());
    const jobId = await exportJob('word');
    // killed once the first pages are rendered into the body of the document, before it is written
    await until(() => renderedBody(jobId) > 0, () => `the first worker rendered pages; it said: ${w1.output()}`);
    w1.proc.kill('SIGKILL');
    await w1.exited;
    const scratchOf = () => fs.readdirSync(scratchDir).filter((d) => d.startsWith(`quire-job-${jobId}-`));
    // the killed run's folder, with its partial body, stays until the job runs again
    expect(scratchOf()).toHaveLength(1);
    const killed = await jobRow(jobId);
    expect(killed).toMatchObject({ state: 'running', attempt: 1, resultFile: null });
    expect(killed.progress).toBeLessThan(100);
    expect(storedResults()).toEqual(before);

    const w2 = startWorkers(workerEnv());
    await until(async () => ['done', 'failed'].includes((await jobRow(jobId)).state), () => `the job ended on the restarted worker; it said: ${w2.output()}`);
    const done = await jobRow(jobId);
    // the rerun removed the killed run's scratch folder when it started, and its own when it ended
    expect(scratchOf()).toEqual([]);
    expect(done).toMatchObject({ state: 'done', progress: 100, attempt: 2, stalls: 1, error: '', summary: { pages: PAGES } });
    // one result file more than before: the one the finished run stored
    expect(storedResults()).toEqual([...before, path.basename(done.resultFile!.key)].sort());
    const doc = await (await download(jobId)).zip.file('word/document.xml')!.async('string');
    expect(doc).toContain(`>Reference page ${PER_CATALOG}<`);
    await stopWorkers(w2);
  }, 120_000);
});
