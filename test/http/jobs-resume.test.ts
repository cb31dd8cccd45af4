// The in-process engine survives a kill: a real server process (server/main.ts, no Redis) runs the
// test job kind 'test.pages' and is killed with SIGKILL mid-job; after the restart on the same data
// (the PGlite directory: resumed at start; PostgreSQL: taken over when the dead run's lease ran
// out) the job finishes as a second attempt, and the pages the first attempt wrote are not written
// again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { startNode, type ServerProcess } from '../helpers/cluster';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/db';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { createLogger } from '../../server/logger';
import { pages } from '../../server/db/schema';

const kind = testDbKind();
let env: Record<string, string>;
let dataDir = '';
let database: TestDatabase | null = null;
let node: ServerProcess | null = null;

async function post(base: string, action: string, params: Record<string, string | number>, token?: string) {
  const res = await fetch(`${base}/api/${action}`, {
    method: 'POST',
    headers: token ? { 'X-API-Token': token } : {},
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });
  return (await res.json()) as { error_code: number; error_message?: string; data: any };
}

async function until(cond: () => boolean | Promise<boolean>, what: string, timeout = 60_000): Promise<void> {
  const start = Date.now();
  while (!(await cond())) {
    if (Date.now() - start > timeout) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-jobres-'));
  const common = { DATA_DIR: dataDir, QUIRE_TEST_CAPTCHA: 'jobs', QUIRE_TEST_JOBS: '1', QUIRE_JOB_LEASE_MS: '2000', REDIS_URL: '' };
  if (kind === 'pglite') {
    env = { ...common, DATABASE_URL: '' };
    // initdb before the server starts: it is slow on a busy machine
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), log: createLogger('error') });
    await migrateDatabase(db);
    await db.close();
  } else {
    database = await createTestDatabase();
    env = { ...common, DATABASE_URL: database.url! };
  }
}, 120_000);

afterAll(async () => {
  await node?.kill();
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe(`jobs survive a killed server (${kind}, in-process engine)`, () => {
  it('a job interrupted by kill -9 resumes after the restart and finishes, with no duplicate pages', async () => {
    node = await startNode(env, { startTimeoutMs: 60_000 });
    const reg = await post(node.url, 'user/register', { username: 'resumer', password: 'resume-pass-1', confirm_password: 'resume-pass-1', v_code: 'jobs' });
    expect(reg.error_code, reg.error_message).toBe(0);
    const token: string = reg.data.user_token;
    const item = await post(node.url, 'item/add', { item_name: 'Resume', item_type: 1 }, token);
    const itemId = Number(item.data.item_id);
    const started = await post(node.url, 'job/startTest', { item_id: itemId, pages: 8, step_ms: 300 }, token);
    expect(started.error_code, started.error_message).toBe(0);
    const jobId: string = started.data.job_id;
    const info = async () => (await post(node!.url, 'job/info', { job_id: jobId }, token)).data;
    await until(async () => (await info()).progress >= 25, 'the job wrote two pages');

    node.proc.kill('SIGKILL');
    await node.kill();
    const { port } = node;
    node = null;
    node = await startNode(env, { port, startTimeoutMs: 60_000 });
    await until(async () => (await info()).state === 'done', `the job finished after the restart: ${node?.output()}`);
    const done = await info();
    expect(done).toMatchObject({ state: 'done', progress: 100, attempt: 2, summary: { created: 8 } });
    const file = await fetch(`${node.url}${done.download_url}&user_token=${token}`).then((r) => r.text());
    expect(file.trim().split('\n')).toHaveLength(8);
    await node.kill();
    node = null;

    // every page once; the killed attempt's pages were kept, not written again
    const db = kind === 'pglite' ? await openDatabase({ pgliteDir: path.join(dataDir, 'db'), log: createLogger('error') }) : database!;
    try {
      const written = await db.db.select({ title: pages.pageTitle, content: pages.pageContent }).from(pages).where(like(pages.pageTitle, `Job ${jobId} page %`));
      expect(written.map((p) => p.title).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Job ${jobId} page ${n}`).sort());
      const first = written.filter((p) => p.content.startsWith('Written by attempt 1')).length;
      expect(first).toBeGreaterThanOrEqual(2);
      expect(written.filter((p) => p.content.startsWith('Written by attempt 2')).length).toBe(8 - first);
    } finally {
      if (kind === 'pglite') await db.close();
    }
  }, 240_000);
});
