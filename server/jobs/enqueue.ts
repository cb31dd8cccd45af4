// enqueueJob: the one way to start background work. The job row is stored first (the user's
// Downloads list shows it, and it survives a restart), then handed to the queue engine; when the
// engine cannot take it (Redis away), the row is removed again and the caller gets a clear error:
// nothing is lost silently and nothing waits forever.
import type { AppDeps } from '../deps';
import * as jobRepo from '../db/repos/jobs';
import type { EnqueuedJob, EnqueueOptions, JobKind } from './types';
import { newJobId } from './ids';
import { publishJob } from './publish';

/**
 * Stores a job and queues it. `data` is the handler's input (JSON: ids, options, a path to an
 * uploaded file), given back to the JobHandler of `kind` when the job runs.
 * Throws ApiError 10503 when the queue cannot be reached.
 */
export async function enqueueJob<D>(deps: AppDeps, kind: JobKind, data: D, opts: EnqueueOptions): Promise<EnqueuedJob> {
  const id = newJobId();
  const row = await jobRepo.insert(deps.db, { id, kind, uid: opts.uid, itemId: opts.itemId ?? 0, data: data ?? {}, addtime: deps.now() });
  try {
    await deps.jobs.submit({ id, kind, generation: row.generation });
  } catch (err) {
    await jobRepo.remove(deps.db, id).catch((e) => deps.log.warn('could not remove a job the queue refused', { job: id, err: (e as Error).message }));
    deps.log.warn('job not queued', { kind, err: (err as Error)?.message ?? String(err) });
    throw err;
  }
  publishJob(deps, row);
  return { jobId: id };
}
