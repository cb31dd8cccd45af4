// Job kinds for tests only (QUIRE_TEST_JOBS=1, refused in production): the queue's own tests and
// the browser test of the Downloads screen run them where no export or import is wanted.
// 'test.pages' writes real effects (pages in an item), one step at a time, and is idempotent the
// way real jobs must be: a page an earlier attempt wrote is not written again.
import fs from 'node:fs';
import type { AppDeps } from '../deps';
import * as pageRepo from '../db/repos/pages';
import { savePage } from '../domain/pages/save';
import type { JobContext, JobHandler, JobHandlers } from './types';

export interface TestPagesData {
  itemId: number;
  pages: number;
  /** pause after each page */
  stepMs?: number;
  /** throw at this step (1-based) with failMessage */
  failAt?: number;
  failMessage?: string;
  /** fail only on the first attempt (a retry then succeeds) */
  failOnce?: boolean;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export const testPageTitle = (jobId: string, n: number) => `Job ${jobId} page ${n}`;

async function testPages(deps: AppDeps, data: TestPagesData, ctx: JobContext) {
  const total = Math.max(1, Math.min(1000, Math.floor(data.pages)));
  const written: string[] = [];
  for (let n = 1; n <= total; n++) {
    ctx.signal.throwIfAborted();
    if (data.failAt === n && (!data.failOnce || ctx.attempt === 1)) throw new Error(data.failMessage ?? `The test job failed at step ${n}`);
    const title = testPageTitle(ctx.jobId, n);
    if (!(await pageRepo.findByTitle(deps.db, data.itemId, 0, title))) {
      await savePage(deps, { itemId: data.itemId, pageId: 0, title, content: `Written by attempt ${ctx.attempt} (process ${process.pid})`, uid: ctx.uid, username: 'test job', source: 'import' });
    }
    written.push(title);
    await ctx.progress((n / total) * 100, 'Page {n} of {total}', { n, total });
    if (data.stepMs) await sleep(data.stepMs, ctx.signal);
  }
  ctx.signal.throwIfAborted();
  const file = ctx.scratchPath('pages.txt');
  await fs.promises.writeFile(file, written.join('\n') + '\n');
  return { file: { path: file, name: `pages-${ctx.jobId}.txt`, type: 'text/plain; charset=utf-8' }, summary: { created: written.length } };
}

export const testJobHandlers: JobHandlers = {
  'test.pages': testPages as JobHandler<any>,
};
