// The web client's way: import/start queues the import as a job (import.auto) and answers at
// once; import/status follows it to its report. import/auto queues the same job and answers
// when it ended. Runs with the queue's in-process engine (the embedded database, or PostgreSQL
// without Redis) and the kinds workers/jobs.ts registers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedItem } from '../helpers/realtime';
import { counts, fixture, sendImport, treeOf } from '../helpers/imports';
import { catalogs } from '../../server/db/schema';

let app: TestApp;
let ann: { uid: number; user_token: string; username: string };
let bob: { uid: number; user_token: string; username: string };

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, timeout = 60_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const status = (importId: string, token = ann.user_token) => app.call('import/status', { import_id: importId }, { token });

beforeAll(async () => {
  app = await startTestApp({ realtime: false, jobs: true });
  ann = await app.register('queue_ann');
  bob = await app.register('queue_bob');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('import/start and import/status', () => {
  it('a zip into a new item: queued, followed with progress to its report', async () => {
    const r = await sendImport(app, ann.user_token, fixture('markdown-notes.zip'), 'markdown-notes.zip', {}, { action: 'start' });
    expect(r.json.error_code, r.json.error_message).toBe(0);
    const { import_id, job_id } = r.json.data;
    expect(import_id).toMatch(/^[0-9a-f]{32}$/);
    expect(job_id).not.toBe('');
    const first = await status(import_id);
    expect(first.data.job_id).toBe(job_id);
    expect(['queued', 'running', 'done']).toContain(first.data.state);
    const done = await until(
      () => status(import_id),
      (s) => s.data.state === 'done' || s.data.state === 'failed',
    );
    expect(done.data).toMatchObject({ state: 'done', progress: 100, error: '' });
    expect(done.data.report).toMatchObject({ format: 'markdown', new_item: 1, pages_created: 4, attachments_created: 3 });
    const tree = await treeOf(app, done.data.item_id);
    expect(tree.pages.map((p) => p.title)).toEqual(['01 Welcome']);
    // the job is the user's, done, and links to the item
    // (the import's own record says done a moment before the job's does: the runner records its end after the handler returns)
    const job = await until(
      () => app.call('job/info', { job_id }, { token: ann.user_token }),
      (j) => j.data.state !== 'running',
    );
    expect(job.data).toMatchObject({ kind: 'import.auto', state: 'done' });
    expect(job.data.summary).toMatchObject({ item_id: done.data.item_id, link: `/${done.data.item_id}`, file_name: 'markdown-notes.zip' });
    // someone else follows nothing
    expect((await status(import_id, bob.user_token)).error_code).toBe(10101);
  });

  it('an OpenAPI document into a catalog of an existing item', async () => {
    const itemId = await seedItem(app.deps.db, ann, { itemName: 'Queue target' });
    const [cat] = await app.deps.db.insert(catalogs).values({ catName: 'API', itemId, level: 2, addtime: 1 }).returning();
    const r = await sendImport(app, ann.user_token, fixture('petstore-openapi3.yaml'), 'petstore.yaml', { item_id: itemId, cat_id: cat.catId }, { action: 'start' });
    expect(r.json.error_code, r.json.error_message).toBe(0);
    const done = await until(
      () => status(r.json.data.import_id),
      (s) => s.data.state === 'done' || s.data.state === 'failed',
    );
    expect(done.data.state).toBe('done');
    const api = (await treeOf(app, itemId)).catalogs[0];
    expect(api.catalogs.map((c) => [c.name, c.level, c.pages.length])).toEqual([
      ['pet', 3, 8],
      ['store', 3, 4],
      ['user', 3, 7],
    ]);
    expect((await app.deps.db.select().from(catalogs).where(eq(catalogs.itemId, itemId))).length).toBe(4);
  });

  it("import/auto runs as the same job: it answers ShowDoc's {item_id} once the job is done, and the job is in the user's list", async () => {
    const r = await sendImport(app, ann.user_token, fixture('petstore-swagger2.json'), 'petstore.json');
    expect(r.json.error_code, r.json.error_message).toBe(0);
    const { item_id, import_id } = r.json.data;
    expect(item_id).toBeGreaterThan(0);
    const st = await status(import_id);
    expect(st.data).toMatchObject({ state: 'done', item_id });
    const list = await app.call('job/list', {}, { token: ann.user_token });
    expect(list.data.find((j: { job_id: string }) => j.job_id === st.data.job_id)).toMatchObject({ kind: 'import.auto', state: 'done' });
  });

  it('a bad file fails as a job, with its reason, and leaves nothing', async () => {
    const before = await counts(app);
    const r = await sendImport(app, ann.user_token, Buffer.from('{"openapi": "3.0.0", "info": '), 'broken.json', {}, { action: 'start' });
    expect(r.json.error_code).toBe(0);
    const failed = await until(
      () => status(r.json.data.import_id),
      (s) => s.data.state === 'failed' || s.data.state === 'done',
    );
    expect(failed.data.state).toBe('failed');
    expect(failed.data.error).toMatch(/^broken\.json is not valid JSON/);
    const job = await until(
      () => app.call('job/info', { job_id: r.json.data.job_id }, { token: ann.user_token }),
      (j) => j.data.state === 'failed',
    );
    expect(job.data.error).toMatch(/^broken\.json is not valid JSON/);
    // the job keeps the refusal's template: Downloads shows it in its reader's language
    const zh = await app.call('job/info', { job_id: r.json.data.job_id }, { token: ann.user_token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.data.error).toMatch(/^broken\.json 不是有效的 JSON/);
    expect(await counts(app)).toEqual(before);
  });
});
