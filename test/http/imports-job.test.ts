// The import as a job (kind import.auto): an OpenAPI document of 5,000 operations imports with
// progress all the way; a cancelled import leaves nothing; an attempt that stopped half-way (its
// worker killed) is undone by the rerun, which creates no duplicates — and the old attempt, should
// it wake up, can write nothing more; the sweep undoes imports no retry took over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { bigApi, counts, fixture, sendImport, treeOf } from '../helpers/imports';
import { imports, items, users } from '../../server/db/schema';
import type { JobContext } from '../../server/jobs/types';
import { localize } from '../../shared/messages';
import { createImport } from '../../server/domain/imports/start';
import { importAutoHandler } from '../../server/domain/imports/run';
import { sweepImports } from '../../server/domain/imports/sweep';
import { authorizeImportJob } from '../../server/policies/imports';

let app: TestApp;
let dataDir: string;
let owner: { uid: number; user_token: string; username: string };
const handler = importAutoHandler(authorizeImportJob);

async function newImport(bytes: Buffer, fileName: string, target: { itemId?: number; catId?: number } = {}): Promise<string> {
  const file = path.join(dataDir, `upload-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(file, bytes);
  return createImport(app.deps, { uid: owner.uid, itemId: target.itemId ?? 0, catId: target.catId ?? 0, fileName, filePath: file, lang: 'en', siteBase: app.url });
}

function context(over: Partial<JobContext> = {}): JobContext & { seen: { percent: number; stage: string }[] } {
  const seen: { percent: number; stage: string }[] = [];
  const scratch = fs.mkdtempSync(path.join(dataDir, 'scratch-'));
  return {
    jobId: 'job-test',
    uid: owner.uid,
    attempt: 1,
    signal: new AbortController().signal,
    scratchPath: (name) => path.join(scratch, name),
    // what a reader of Downloads sees in English
    progress: async (percent, stage, vars) => {
      seen.push({ percent, stage: localize(stage ?? '', 'en', vars) });
    },
    seen,
    ...over,
  };
}

const runOf = async (id: string) => (await app.deps.db.select().from(imports).where(eq(imports.id, id)))[0];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-import-job-'));
  app = await startTestApp({ config: { dataDir } });
  owner = await app.register('job_owner');
  await app.deps.db.update(users).set({ groupid: 2 }).where(eq(users.uid, owner.uid));
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('import.auto as a job', () => {
  it('an OpenAPI document of 5,000 operations: 5,000 pages in 50 catalogs, progress all the way', async () => {
    const id = await newImport(bigApi(5000), 'big.json');
    const ctx = context();
    const result = await handler(app.deps, { importId: id }, ctx);
    const summary = result.summary as { item_id: number; link: string; pages_created: number };
    expect(summary.pages_created).toBe(5000);
    expect(summary.link).toBe(`/${summary.item_id}`);
    const tree = await treeOf(app, summary.item_id);
    expect(tree.catalogs).toHaveLength(50);
    expect(tree.catalogs.every((c) => c.pages.length === 100)).toBe(true);
    expect(tree.catalogs[49].pages[99].title).toBe('Operation 4999');
    // progress moves forward through reading, then page by page, and ends high
    const percents = ctx.seen.map((s) => s.percent);
    expect(percents.every((p, i) => i === 0 || p >= percents[i - 1])).toBe(true);
    expect(ctx.seen.some((s) => s.stage.startsWith('Reading operation'))).toBe(true);
    expect(ctx.seen.some((s) => s.stage === 'Page 2500 of 5000')).toBe(true);
    expect(percents[percents.length - 1]).toBeGreaterThanOrEqual(98);
    const run = await runOf(id);
    expect(run.state).toBe('done');
    expect(run.progress).toBe(100);
    expect(run.source).toBeNull();
    // run again (a retry after the job was done): the same answer, nothing new
    const before = await counts(app);
    expect((await handler(app.deps, { importId: id }, context())).summary).toEqual(summary);
    expect(await counts(app)).toEqual(before);
  }, 180_000);

  it('a cancelled import removes what it had made', async () => {
    const before = await counts(app, dataDir);
    const id = await newImport(bigApi(600), 'cancel.json');
    const abort = new AbortController();
    const ctx = context({
      signal: abort.signal,
      progress: async (_p, stage, vars) => {
        if (localize(stage ?? '', 'en', vars) === 'Page 300 of 600') abort.abort();
      },
    });
    await expect(handler(app.deps, { importId: id }, ctx)).rejects.toThrow('The import was cancelled');
    expect(await counts(app, dataDir)).toEqual(before);
    const run = await runOf(id);
    expect(run.state).toBe('failed');
    expect(run.error).toBe('The import was cancelled');
    expect(run.createdItemId).toBe(0);
  });

  it('an import cancelled while queued: its job never runs, import/status says so, nothing is made', async () => {
    // this app runs no jobs: the import stays queued until it is cancelled
    const before = await counts(app, dataDir);
    const r = await sendImport(app, owner.user_token, fixture('markdown-notes.zip'), 'queued.zip', {}, { action: 'start' });
    expect(r.json.error_code, r.json.error_message).toBe(0);
    const { import_id, job_id } = r.json.data;
    expect((await app.call('import/status', { import_id }, { token: owner.user_token })).data).toMatchObject({ state: 'queued', error: '' });
    expect((await app.call('job/cancel', { job_id }, { token: owner.user_token })).data).toMatchObject({ state: 'cancelled' });
    const st = await app.call('import/status', { import_id }, { token: owner.user_token });
    expect(st.data).toMatchObject({ state: 'failed', error: 'The import was cancelled', item_id: 0, report: null });
    expect(await counts(app, dataDir)).toEqual(before);
  });

  it('a worker killed half-way: the rerun removes the first attempt and creates no duplicates; the first attempt writes nothing more', async () => {
    const before = await counts(app);
    const id = await newImport(fixture('markdown-notes.zip'), 'notes.zip');
    // the first attempt stops (as a killed process would) just after its first pages are written
    let releaseFirst!: () => void;
    const stopped = new Promise<void>((resolve) => (releaseFirst = resolve));
    let reachedStop!: () => void;
    const reached = new Promise<void>((resolve) => (reachedStop = resolve));
    const first = handler(
      app.deps,
      { importId: id },
      context({
        progress: async (_p, stage) => {
          if (stage?.startsWith('Page ')) {
            reachedStop();
            await stopped;
          }
        },
      }),
    );
    await reached;
    const half = await runOf(id);
    expect(half.createdItemId).toBeGreaterThan(0);
    expect(half.createdPages.length).toBe(4);
    // the queue runs the job again (attempt 2)
    const second = await handler(app.deps, { importId: id }, context({ attempt: 2 }));
    const itemId = (second.summary as { item_id: number }).item_id;
    expect(itemId).not.toBe(half.createdItemId);
    // the first attempt's item is gone; exactly one import's worth of rows exists
    expect(await app.deps.db.select().from(items).where(eq(items.itemId, half.createdItemId))).toEqual([]);
    const after = await counts(app);
    expect(after.items - before.items).toBe(1);
    expect(after.pages - before.pages).toBe(4);
    expect(after.attachments - before.attachments).toBe(3);
    // the first attempt wakes up: its next write is refused, it removes nothing of the second
    releaseFirst();
    await expect(first).rejects.toThrow('a newer attempt took over this import');
    expect(await counts(app)).toEqual(after);
    expect((await runOf(id)).state).toBe('done');
  });

  it('an error half-way removes what was made; the sweep undoes an import whose process died and no retry took over', async () => {
    const before = await counts(app);
    const id = await newImport(fixture('markdown-notes.zip'), 'p.zip');
    // the scratch folder fails once the item exists (a full disk, say)
    const ctx = context({
      scratchPath: () => {
        throw new Error('the process died here');
      },
    });
    // an error half-way through: the attempt cleans up after itself
    await expect(handler(app.deps, { importId: id }, ctx)).rejects.toThrow('the process died here');
    expect(await counts(app)).toEqual(before);
    expect((await runOf(id)).error).toBe('The import failed because of an error on the server; nothing was imported');
    // an import left "running" an hour ago with an item recorded
    const stale = await newImport(fixture('saater_setad.postman_collection.json'), 's.json');
    const held = handler(
      app.deps,
      { importId: stale },
      context({
        progress: async (_p, stage) => {
          if (stage?.startsWith('Page ')) await new Promise(() => {}); // never returns: the process is gone
        },
      }),
    );
    void held;
    await until(async () => (await runOf(stale)).createdPages.length > 0);
    expect((await counts(app)).items).toBe(before.items + 1);
    app.setNow(Math.floor(Date.now() / 1000) + 2 * 3600);
    try {
      const swept = await sweepImports(app.deps);
      expect(swept.abandoned).toBe(1);
      expect(await counts(app)).toEqual(before);
      const run = await runOf(stale);
      expect(run.state).toBe('failed');
      expect(run.error).toBe('The import stopped without finishing; nothing was imported. Try again.');
      // a week later the import rows themselves go
      app.setNow(Math.floor(Date.now() / 1000) + 8 * 86400);
      await sweepImports(app.deps);
      expect(await runOf(stale)).toBeUndefined();
      expect(await runOf(id)).toBeUndefined();
    } finally {
      app.setNow(undefined);
    }
  });
});

async function until(cond: () => Promise<boolean>, timeout = 10_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
