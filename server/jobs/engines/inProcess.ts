// The in-process engine (no Redis): the jobs table is the queue. A process that runs jobs claims
// the oldest queued one (FOR UPDATE SKIP LOCKED: several processes on one PostgreSQL database
// never take the same row), runs at most JOB_CONCURRENCY at once, and renews its claim while it
// works. Jobs survive a restart: the row is stored before anything runs, and a run that died
// (its lease ran out; with the embedded database, every run of the previous life) is run again.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppDeps } from '../../deps';
import * as jobRepo from '../../db/repos/jobs';
import type { JobQueue, QueuedRef, ScheduledTask } from '../queue';
import type { JobHandlers } from '../types';
import { JobRuns, leaseSeconds } from '../runner';

/** how often a process looks for jobs it was not told about (other processes', expired claims) */
const POLL_MS = { pglite: 5_000, postgres: 2_000 };

export class InProcessQueue implements JobQueue {
  readonly engine = 'in-process' as const;
  private runs: JobRuns | null = null;
  private poll: NodeJS.Timeout | null = null;
  private scheduleTimer: NodeJS.Timeout | null = null;
  private pumping = false;
  private again = false;
  private closed = false;
  readonly runner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  constructor(private readonly deps: AppDeps) {}

  /** the row is the queue: a local runner hears of it at once, others at their next look */
  async submit(_job: QueuedRef): Promise<void> {
    this.kick();
  }

  async withdraw(_job: QueuedRef): Promise<void> {}

  async startRunning(handlers: JobHandlers): Promise<void> {
    if (this.runs) throw new Error('the job runner is already started');
    const { deps } = this;
    this.runs = new JobRuns(deps, { runner: this.runner, leaseMs: deps.config.jobLeaseMs, handlers });
    // the embedded database has one process (the data directory is locked): whatever ran in its
    // last life died with it, so it resumes now instead of when the lease runs out
    if (deps.dbKind === 'pglite') {
      const resumed = await jobRepo.expireAllLeases(deps.db);
      if (resumed) deps.log.info('resuming jobs interrupted by the last stop', { count: resumed });
    }
    this.poll = setInterval(() => this.kick(), POLL_MS[deps.dbKind]);
    this.poll.unref();
    this.kick();
  }

  async startSchedule(tasks: ScheduledTask[], everyMs: number, exclusive: <T>(fn: () => Promise<T>) => Promise<T>): Promise<void> {
    const tick = async () => {
      await exclusive(async () => {
        for (const task of tasks) {
          const started = Date.now();
          try {
            await task.run();
            this.deps.log.debug('scheduled task done', { task: task.name, ms: Date.now() - started });
          } catch (err) {
            this.deps.log.warn('scheduled task failed', { task: task.name, err: (err as Error)?.message ?? String(err) });
          }
        }
      });
    };
    const run = () => void tick().catch((err) => this.deps.log.warn('schedule failed', { err: (err as Error).message }));
    this.scheduleTimer = setInterval(run, everyMs);
    this.scheduleTimer.unref();
    run();
  }

  async workerCount(): Promise<number | null> {
    return null;
  }

  abortLocal(jobId: string): boolean {
    return this.runs?.stop(jobId, 'cancelled') ?? false;
  }

  private kick(): void {
    if (!this.runs || this.closed) return;
    void this.pump();
  }

  /** claims jobs until the concurrency is reached or none is left */
  private async pump(): Promise<void> {
    const runs = this.runs;
    if (!runs) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        while (!this.closed && runs.active < this.deps.config.jobConcurrency) {
          const row = await jobRepo.claimNext(this.deps.db, runs.kinds, {
            runner: this.runner,
            now: this.deps.now(),
            leaseSeconds: leaseSeconds(this.deps.config.jobLeaseMs),
          });
          if (!row) break;
          void runs
            .run(row)
            .catch((err) => this.deps.log.error('job run failed', { job: row.id, err }))
            .finally(() => this.kick());
        }
      } while (this.again && !this.closed);
    } catch (err) {
      this.deps.log.warn('could not take a job from the queue', { err: (err as Error).message });
    } finally {
      this.pumping = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    if (this.scheduleTimer) clearInterval(this.scheduleTimer);
    await this.runs?.shutdown();
  }
}
