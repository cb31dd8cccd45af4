// The queue engine behind enqueueJob: BullMQ on Redis (REDIS_URL), or in-process over the jobs
// table (embedded database). Both keep the jobs table as the record the user sees; the engine
// only carries a stored job to a process that runs it.
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import type { JobHandlers } from './types';

export interface QueuedRef {
  id: string;
  kind: string;
  /** bumped by each retry: an engine's copy of an earlier generation no longer runs the job */
  generation: number;
}

/** One task of the schedule (housekeeping…): run by one process of the cluster at a time. */
export interface ScheduledTask {
  name: string;
  run(): Promise<void>;
}

export interface JobQueue {
  readonly engine: 'bullmq' | 'in-process';
  /** hands a stored (queued) job to the engine; throws queueUnavailable() when it cannot */
  submit(job: QueuedRef): Promise<void>;
  /** a queued job was cancelled: the engine may forget it (best effort: a run checks the row anyway) */
  withdraw(job: QueuedRef): Promise<void>;
  /** runs jobs of these kinds in this process until close() */
  startRunning(handlers: JobHandlers): Promise<void>;
  /**
   * runs the schedule every `everyMs` in one process of the cluster at a time (BullMQ job
   * schedulers with Redis; a timer under the database's cluster-wide lock without)
   */
  startSchedule(tasks: ScheduledTask[], everyMs: number, exclusive: <T>(fn: () => Promise<T>) => Promise<T>): Promise<void>;
  /** aborts the job now if this process runs it (a cancel); false when it does not */
  abortLocal(jobId: string): boolean;
  /** processes running jobs from this queue now (BullMQ); null when the engine cannot tell */
  workerCount(): Promise<number | null>;
  /** stops taking jobs; runs in progress are handed back to the queue */
  close(): Promise<void>;
}

/** Redis cannot be reached: the caller hears it, and nothing stays half-queued. */
export const queueUnavailable = () =>
  new ApiError(ErrorCode.UNAVAILABLE, 'The job queue cannot be reached right now, so nothing was started; please try again in a moment');
