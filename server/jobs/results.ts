// Result files of finished jobs (an export's .docx or .zip): stored where uploads go (the data
// directory, or the object storage the administrator switched on), so any API process can serve
// a file a worker on another machine wrote; removed by the schedule RESULT_TTL_SECONDS after the
// job finished.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import * as jobRepo from '../db/repos/jobs';
import type { ResultFile } from '../db/repos/jobs';
import { storageOf, uploadStorage } from '../storage';
import type { StoredObject } from '../storage/types';
import { contentDisposition } from '../domain/attachments/serve';

/** results are kept for 7 days */
export const RESULT_TTL_SECONDS = 7 * 86400;
/** the rows of finished jobs stay in the user's list for 30 days */
export const FINISHED_JOB_KEEP_SECONDS = 30 * 86400;

/** `<prefix>jobs/<32 hex>.<ext>`: the storage key format (storage/types.ts KEY_RE) allows 4 folders */
function resultKey(prefix: string, fileName: string): string {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  const folders = prefix.split('/').filter(Boolean).length;
  return `${prefix}${folders < 4 ? 'jobs/' : ''}${randomBytes(16).toString('hex')}${ext ? '.' + ext : ''}`;
}

/** Stores a job's file (written under its scratch folder) and describes it for the jobs row. */
export async function storeResult(deps: AppDeps, file: { path: string; name: string; type: string }): Promise<ResultFile> {
  const st = await fs.promises.stat(file.path);
  if (!st.isFile()) throw new Error('the job did not write its result file');
  const { driver, prefix } = await uploadStorage(deps);
  const key = resultKey(prefix, file.name);
  await driver.put(key, { path: file.path, size: st.size }, file.type);
  return { driver: driver.name, key, name: path.basename(file.name).slice(0, 200) || 'result', type: file.type || 'application/octet-stream', size: st.size };
}

export async function openResult(deps: AppDeps, file: ResultFile): Promise<StoredObject | null> {
  return (await storageOf(deps, file.driver)).get(file.key);
}

/** The result file as a download: always an attachment, never rendered by the browser. */
export async function serveResult(deps: AppDeps, job: { state: string; resultFile: ResultFile | null }): Promise<{ type: string; body: StoredObject['body']; headers: Record<string, string> } | null> {
  if (job.state !== 'done' || !job.resultFile) return null;
  const obj = await openResult(deps, job.resultFile);
  if (!obj) return null;
  const headers: Record<string, string> = {
    'Content-Disposition': contentDisposition('attachment', job.resultFile.name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  };
  const size = obj.size ?? job.resultFile.size;
  if (Number.isFinite(size)) headers['Content-Length'] = String(size);
  return { type: job.resultFile.type || 'application/octet-stream', body: obj.body, headers };
}

export async function removeResultFile(deps: AppDeps, file: ResultFile): Promise<void> {
  await (await storageOf(deps, file.driver)).delete(file.key);
}

const BATCH = 100;

/** Scheduled: removes result files past their 7 days, and the rows of jobs finished 30 days ago. */
export async function removeExpiredResults(deps: AppDeps): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await jobRepo.expiredResults(deps.db, deps.now(), BATCH);
    let progressed = 0;
    for (const job of due) {
      try {
        if (job.resultFile) await removeResultFile(deps, job.resultFile);
        await jobRepo.clearResult(deps.db, job.id);
        progressed++;
      } catch (err) {
        deps.log.warn('could not remove an expired job result', { job: job.id, err: (err as Error).message });
      }
    }
    removed += progressed;
    // a file that cannot be removed now stays listed: try it at the next run
    if (due.length < BATCH || progressed === 0) break;
  }
  await jobRepo.removeFinishedBefore(deps.db, deps.now() - FINISHED_JOB_KEEP_SECONDS);
  if (removed) deps.log.info('expired job results removed', { count: removed });
  return removed;
}
