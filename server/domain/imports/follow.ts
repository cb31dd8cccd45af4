// An import as its user follows it: the import row (progress, report, failure), and while the
// row has not ended, the queue's word on its job, which alone knows that a queued import was
// cancelled (its handler never ran) or that its workers gave up on it (killed too often).
// import/auto waits here for the job to end, as ShowDoc's clients wait for {item_id}.
import type { AppDeps } from '../../deps';
import * as importRepo from '../../db/repos/imports';
import type { ImportRun } from '../../db/repos/imports';
import * as jobRepo from '../../db/repos/jobs';
import { waitForJob } from '../../jobs/control';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { asLang, say } from './messages';
import { importGone, type ImportOutcome, type ImportReport } from './run';

const ENDED = new Set(['done', 'failed']);

/** The import row, ended as its job ended when the job ended first (cancelled, or given up). */
export async function importAsFollowed(deps: AppDeps, run: ImportRun): Promise<ImportRun> {
  if (ENDED.has(run.state) || !run.jobId) return run;
  const job = await jobRepo.find(deps.db, run.jobId);
  if (job?.state === 'cancelled') return { ...run, state: 'failed', error: say(asLang(run.lang), 'The import was cancelled') };
  if (job?.state === 'failed') return { ...run, state: 'failed', error: say(asLang(run.lang), job.error || 'The import failed because of an error on the server; nothing was imported', job.errorVars) };
  return run;
}

/**
 * Waits until the import's job ended and answers its outcome; a failed import throws its reason
 * (already in the import's language, the request's). `signal`: the caller went away.
 */
export async function awaitImport(deps: AppDeps, importId: string, jobId: string, signal?: AbortSignal): Promise<ImportOutcome> {
  await waitForJob(deps, jobId, { signal });
  const found = await importRepo.findRun(deps.db, importId);
  if (!found) throw importGone();
  const run = await importAsFollowed(deps, found);
  if (run.state !== 'done') throw new ApiError(ErrorCode.GENERIC, run.error || say(asLang(run.lang), 'The import failed because of an error on the server; nothing was imported'));
  return { importId, itemId: run.itemId, fileName: run.fileName, report: run.report as unknown as ImportReport };
}
