// Starts a process's background work: the job runner with every registered kind (workers/jobs.ts)
// and the schedule (workers/schedule.ts). `npm run workers` calls it; so does the server when it
// runs jobs itself (no Redis, or JOBS_IN_API=1).
import type { AppDeps } from '../server/deps';
import type { Database } from '../server/db/client';
import { jobHandlers } from './jobs';
import { scheduledTasks } from './schedule';

/** the cluster-wide advisory lock the schedule runs under without Redis */
const SCHEDULE_LOCK = 0x71756972; // "quir"

export interface BackgroundOptions {
  /** milliseconds between runs of the schedule */
  everyMs: number;
  /** wait this long before the schedule starts (the server lets its start settle first) */
  scheduleDelayMs?: number;
}

export async function startBackgroundWork(deps: AppDeps, database: Pick<Database, 'withExclusiveLock'>, opts: BackgroundOptions): Promise<void> {
  const handlers = jobHandlers(deps.config);
  await deps.jobs.startRunning(handlers);
  const schedule = () =>
    deps.jobs.startSchedule(scheduledTasks(deps), opts.everyMs, (fn) => database.withExclusiveLock(SCHEDULE_LOCK, fn)).catch((err) => deps.log.warn('schedule not started', { err: (err as Error).message }));
  if (opts.scheduleDelayMs) setTimeout(() => void schedule(), opts.scheduleDelayMs).unref();
  else await schedule();
  deps.log.info('background jobs run in this process', { engine: deps.jobs.engine, kinds: Object.keys(handlers), concurrency: deps.config.jobConcurrency });
}
