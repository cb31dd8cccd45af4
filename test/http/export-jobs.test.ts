// The export jobs as the queue runs them (kinds export.word, export.markdown, export.html), with a
// real job context: a scratch folder, progress, cancellation. What the user may export is
// decided again when the job runs, from the memberships of that moment.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, buildItem, makeUser, type Actor, type BuiltItem } from '../helpers/fixtures';
import { exportHandlers } from '../../workers/exportJobs';
import type { JobContext } from '../../server/jobs/types';
import { localize } from '../../shared/messages';
import { itemMembers, items, users } from '../../server/db/schema';

let app: TestApp;
let owner: Actor, member: Actor;
let item: BuiltItem;
let scratchRoot: string;

function context(uid: number, controller = new AbortController()) {
  const dir = fs.mkdtempSync(path.join(scratchRoot, 'job-'));
  const progress: [number, string | undefined][] = [];
  const ctx: JobContext = {
    jobId: path.basename(dir),
    uid,
    attempt: 1,
    // the stage as a reader of Downloads sees it in English
    progress: async (p, stage, vars) => void progress.push([p, stage === undefined ? stage : localize(stage, 'en', vars)]),
    signal: controller.signal,
    scratchPath: (name) => path.join(dir, name),
  };
  return { ctx, progress, controller, dir };
}

/** the files under `dir` this process holds open (Linux: /proc/self/fd; deleted ones included) */
function openFilesUnder(dir: string): string[] {
  return fs.readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir + path.sep) ? [target] : [];
    } catch {
      return [];
    }
  });
}

const failureOf = (p: Promise<unknown>) => p.then(() => null, (e: { code?: number; template?: string }) => ({ code: e.code, message: e.template }));

beforeAll(async () => {
  scratchRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-jobs-'));
  app = await startTestApp();
  await makeUser(app, 'job_first');
  owner = await makeUser(app, 'job_owner');
  member = await makeUser(app, 'job_member');
  item = await buildItem(app, owner, {
    name: 'Runbook',
    rootPages: ['Start'],
    catalogs: [
      { name: 'Ops', pages: Array.from({ length: 120 }, (_, i) => ({ title: `Ops ${i + 1}`, content: `# Step ${i + 1}\n\n运维 step **${i + 1}**` })) },
      { name: 'Secret', pages: ['Keys'] },
    ],
  });
  await addMember(app, item.itemId, member, 1, [item.cats.Ops]);
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (scratchRoot) fs.rmSync(scratchRoot, { recursive: true, force: true });
});

describe('export jobs', () => {
  it('a Word job writes the .docx into its scratch folder, reporting progress in steps up to 100', async () => {
    const { ctx, progress } = context(member.uid);
    const result = await exportHandlers['export.word'](app.deps, { itemId: item.itemId, lang: 'en' }, ctx);
    expect(result.file).toMatchObject({ path: ctx.scratchPath('export.docx'), type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(result.file!.name).toMatch(/^Runbook_\d{14}\.docx$/);
    expect(result.summary).toEqual({ pages: 120 });
    const doc = await (await JSZip.loadAsync(fs.readFileSync(result.file!.path))).file('word/document.xml')!.async('string');
    expect(doc).toContain('>Ops 120<');
    // the member is limited to Ops: the root page and the Secret catalog stay out
    expect(doc).not.toMatch(/>Start<|>Keys<|>Secret</);
    const percents = progress.map(([p]) => p);
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(progress.some(([, stage]) => stage === 'Page 50 of 120')).toBe(true);
    // nothing but the result is left in the scratch folder
    expect(fs.readdirSync(path.dirname(result.file!.path))).toEqual(['export.docx']);
  });

  it('Markdown and HTML jobs write their zips; one catalog or one page for Word', async () => {
    const md = await exportHandlers['export.markdown'](app.deps, { itemId: item.itemId }, context(owner.uid).ctx);
    const zip = await JSZip.loadAsync(fs.readFileSync(md.file!.path));
    expect(Object.keys(zip.files).filter((n) => n.endsWith('.md'))).toHaveLength(122);
    const html = await exportHandlers['export.html'](app.deps, { itemId: item.itemId, lang: 'zh' }, context(owner.uid).ctx);
    const site = await JSZip.loadAsync(fs.readFileSync(html.file!.path));
    expect(await site.file('README.txt')!.async('string')).toContain('离线文档：Runbook');
    const one = await exportHandlers['export.word'](app.deps, { itemId: item.itemId, pageId: item.pages.Keys }, context(owner.uid).ctx);
    expect(one.summary).toEqual({ pages: 1 });
    const cat = await exportHandlers['export.word'](app.deps, { itemId: item.itemId, catId: item.cats.Secret }, context(owner.uid).ctx);
    expect(cat.summary).toEqual({ pages: 1 });
  });

  it('a job run again (after a crash) writes the same file again', async () => {
    const { ctx } = context(owner.uid);
    const first = await exportHandlers['export.markdown'](app.deps, { itemId: item.itemId }, ctx);
    const a = Object.keys((await JSZip.loadAsync(fs.readFileSync(first.file!.path))).files).sort();
    const again = await exportHandlers['export.markdown'](app.deps, { itemId: item.itemId }, { ...ctx, attempt: 2 });
    expect(again.file!.path).toBe(first.file!.path);
    expect(Object.keys((await JSZip.loadAsync(fs.readFileSync(again.file!.path))).files).sort()).toEqual(a);
  });

  it('access is decided when the job runs: a member removed, or limited anew, since it was asked', async () => {
    const other = await makeUser(app, 'job_other');
    await addMember(app, item.itemId, other, 1);
    const { ctx } = context(other.uid);
    // limited to Secret after asking: gets Secret only
    await app.deps.db.update(itemMembers).set({ catId: item.cats.Secret, catIds: String(item.cats.Secret) }).where(and(eq(itemMembers.itemId, item.itemId), eq(itemMembers.uid, other.uid)));
    const limitedNow = await exportHandlers['export.word'](app.deps, { itemId: item.itemId }, ctx);
    expect(limitedNow.summary).toEqual({ pages: 1 });
    // made read-only: refused
    await app.deps.db.update(itemMembers).set({ memberGroupId: 0 }).where(and(eq(itemMembers.itemId, item.itemId), eq(itemMembers.uid, other.uid)));
    expect(await failureOf(exportHandlers['export.word'](app.deps, { itemId: item.itemId }, context(other.uid).ctx))).toEqual({ code: 10103, message: 'You do not have permission to edit this item' });
    // removed: refused
    await app.deps.db.delete(itemMembers).where(and(eq(itemMembers.itemId, item.itemId), eq(itemMembers.uid, other.uid)));
    expect(await failureOf(exportHandlers['export.html'](app.deps, { itemId: item.itemId }, context(other.uid).ctx))).toMatchObject({ code: 10103 });
  });

  it('a suspended account, or a deleted item, ends the job with a clear error', async () => {
    const gone = await makeUser(app, 'job_gone');
    await addMember(app, item.itemId, gone, 1);
    await app.deps.db.update(users).set({ status: 'pending' }).where(eq(users.uid, gone.uid));
    expect(await failureOf(exportHandlers['export.word'](app.deps, { itemId: item.itemId }, context(gone.uid).ctx))).toEqual({ code: 10102, message: 'The account that asked for this job is no longer active' });
    const doomed = await buildItem(app, owner, { rootPages: ['x'] });
    await app.deps.db.update(items).set({ isDel: 1 }).where(eq(items.itemId, doomed.itemId));
    expect(await failureOf(exportHandlers['export.markdown'](app.deps, { itemId: doomed.itemId }, context(owner.uid).ctx))).toEqual({ code: 10101, message: 'Item not found or deleted' });
  });

  it('a cancelled job stops at the next batch', async () => {
    const controller = new AbortController();
    const { ctx, progress } = context(owner.uid, controller);
    const run = failureOf(
      exportHandlers['export.word'](app.deps, { itemId: item.itemId }, {
        ...ctx,
        progress: async (p, stage) => {
          progress.push([p, stage]);
          if (p > 2) controller.abort();
        },
      }),
    );
    expect(await run).toEqual({ code: 10101, message: 'The export was cancelled' });
    expect(progress.at(-1)![0]).toBeLessThan(90);
  });

  it('a cancelled job leaves its scratch folder empty and holds no file open', async () => {
    for (const kind of ['export.word', 'export.markdown', 'export.html'] as const) {
      const controller = new AbortController();
      const { ctx, dir } = context(owner.uid, controller);
      const progress = async (p: number) => {
        if (p > 10) controller.abort();
      };
      expect(await failureOf(exportHandlers[kind](app.deps, { itemId: item.itemId }, { ...ctx, progress }))).toEqual({ code: 10101, message: 'The export was cancelled' });
      expect(fs.readdirSync(dir)).toEqual([]);
      expect(openFilesUnder(dir)).toEqual([]);
    }
  });
});
