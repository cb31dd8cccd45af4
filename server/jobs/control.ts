// What a user does with their jobs (the job controller calls these after the policies said the
// job is theirs): list, look at one, cancel, retry. A finished job cannot be cancelled and only a
// failed one can be retried: those refusals are answered here.
import type { AppDeps } from '../deps';
import * as jobRepo from '../db/repos/jobs';
import type { JobListRow, JobRow } from '../db/repos/jobs';
import { badParam, notFound } from '../errors';
import { publishJob } from './publish';

/** the Downloads list shows this many of the newest jobs */
export const JOB_LIST_LIMIT = 100;

export function listJobs(deps: AppDeps, uid: number): Promise<JobListRow[]> {
  return jobRepo.listOfUser(deps.db, uid, JOB_LIST_LIMIT);
}

/** Cancels a queued job (it never runs) or asks a running one to stop (its run aborts). */
export async function cancelJob(deps: AppDeps, job: JobRow): Promise<JobRow> {
  const queued = await jobRepo.cancelQueued(deps.db, job.id, deps.now());
  if (queued) {
    await deps.jobs.withdraw({ id: queued.id, kind: queued.kind, generation: queued.generation });
    publishJob(deps, queued);
    return queued;
  }
  const running = await jobRepo.requestCancel(deps.db, job.id);
  if (running) {
    // the process running it hears this at once (over Redis from another process); its next
    // lease renewal reads the request from the row in any case
    deps.events.emit('job.cancelRequested', { jobId: job.id });
    return running;
  }
  throw badParam('This job has already finished');
}

/** Runs a failed job again, as a new attempt. */
export async function retryJob(deps: AppDeps, job: JobRow): Promise<JobRow> {
  const queued = await jobRepo.requeueFailed(deps.db, job.id, deps.now());
  if (!queued) throw badParam('Only a failed job can be retried');
  try {
    await deps.jobs.submit({ id: queued.id, kind: queued.kind, generation: queued.generation });
  } catch (err) {
    await jobRepo.restoreFailed(deps.db, queued.id, queued.generation, job);
    throw err;
  }
  publishJob(deps, queued);
  return queued;
}

/** for callers that answer only once a job ended (import/auto keeps ShowDoc's contract) */
const FINAL = new Set(['done', 'failed', 'cancelled']);

/**
 * Waits until the job ended and returns its row: hears this process's progress events (and those
 * other processes bridge over Redis), and looks at the row every second in case it missed one.
 */
export async function waitForJob(deps: AppDeps, jobId: string, opts: { signal?: AbortSignal; pollMs?: number } = {}): Promise<JobRow> {
  let wake: () => void = () => {};
  const off = deps.events.on('job.progress', (e) => {
    if (e.jobId === jobId && FINAL.has(e.status)) wake();
  });
  try {
    for (;;) {
      opts.signal?.throwIfAborted();
      const row = await jobRepo.find(deps.db, jobId);
      if (!row) throw notFound('This job does not exist or is not yours');
      if (FINAL.has(row.state)) return row;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          opts.signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, opts.pollMs ?? 1000);
        wake = done;
        opts.signal?.addEventListener('abort', done, { once: true });
      });
    }
  } finally {
    off();
  }
}
