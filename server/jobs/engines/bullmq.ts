// The BullMQ engine (REDIS_URL): API processes add jobs to the `jobs` queue; `npm run workers`
// processes (and API processes with JOBS_IN_API=1) run them. BullMQ carries a job to one worker
// and, when that worker dies mid-job, gives it to another once its lock runs out (stalled jobs);
// the jobs row stays the record the user sees and decides whether a delivery still runs.
// Redis away: adding fails at once (the caller gets a clear error); workers reconnect by
// themselves; and every worker re-adds, now and then, the queued jobs Redis does not hold
// (a Redis that restarted empty, a process that died between storing a row and adding it).
// bullmq is loaded on first use: processes that never queue a job do not load it.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Job, Queue, Worker } from 'bullmq';
import type { AppDeps } from '../../deps';
import * as jobRepo from '../../db/repos/jobs';
import { queueUnavailable, type JobQueue, type QueuedRef, type ScheduledTask } from '../queue';
import type { JobHandlers } from '../types';
import { JobRuns, leaseSeconds } from '../runner';

const PREFIX = 'quire';
const JOBS_QUEUE = 'jobs';
const SCHEDULE_QUEUE = 'schedule';
/** an add that Redis does not answer in this time is refused (the caller may retry) */
const SUBMIT_TIMEOUT_MS = 5_000;
/** how often a worker checks that every queued job is in Redis */
const RECONCILE_MS = 10_000;
/** crashed runs are counted by the jobs row (runner.ts MAX_STALLS), not by BullMQ */
const MAX_STALLED_COUNT = 50;

interface Carried {
  jobId: string;
  generation: number;
}

/** one BullMQ job per generation of a row: re-adding it while Redis holds it changes nothing */
const bullId = (job: { id: string; generation: number }) => `${job.id}-${job.generation}`;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer from Redis in ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

export class BullQueue implements JobQueue {
  readonly engine = 'bullmq' as const;
  readonly runner = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private producer: Promise<Queue> | null = null;
  private worker: Worker | null = null;
  private scheduleWorker: Worker | null = null;
  private runs: JobRuns | null = null;
  private reconciler: NodeJS.Timeout | null = null;
  private redisDown = false;
  private closed = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly redisUrl: string,
  ) {}

  /** adds fail at once while Redis is away instead of waiting in an offline queue */
  private producerConnection() {
    return { url: this.redisUrl, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: 'quire-jobs' };
  }

  /** workers wait for Redis as long as it takes (BullMQ's requirement for blocking connections) */
  private workerConnection() {
    return { url: this.redisUrl, maxRetriesPerRequest: null, connectionName: 'quire-worker' };
  }

  private queue(): Promise<Queue> {
    this.producer ??= import('bullmq').then(({ Queue }) => {
      const q = new Queue(JOBS_QUEUE, { connection: this.producerConnection(), prefix: PREFIX });
      q.on('error', (err) => this.redisError(err));
      return q;
    });
    return this.producer;
  }

  private redisError(err: Error): void {
    if (!this.redisDown) this.deps.log.warn('redis unavailable for background jobs', { err: err.message });
    this.redisDown = true;
  }

  async submit(job: QueuedRef): Promise<void> {
    try {
      const q = await this.queue();
      await withTimeout(this.add(q, job), SUBMIT_TIMEOUT_MS);
      this.redisDown = false;
    } catch (err) {
      this.redisError(err as Error);
      throw queueUnavailable();
    }
  }

  private add(q: Queue, job: QueuedRef) {
    const data: Carried = { jobId: job.id, generation: job.generation };
    return q.add(job.kind, data, {
      jobId: bullId(job),
      attempts: 1,
      removeOnComplete: { age: 86_400, count: 10_000 },
      removeOnFail: { age: 7 * 86_400 },
    });
  }

  async withdraw(job: QueuedRef): Promise<void> {
    try {
      await withTimeout((await this.queue()).remove(bullId(job)), SUBMIT_TIMEOUT_MS);
    } catch {
      // the row says cancelled: a delivery of it changes nothing
    }
  }

  async startRunning(handlers: JobHandlers): Promise<void> {
    if (this.runs) throw new Error('the job runner is already started');
    const { Worker, DelayedError } = await import('bullmq');
    const { deps } = this;
    const runs = new JobRuns(deps, { runner: this.runner, leaseMs: deps.config.jobLeaseMs, handlers });
    this.runs = runs;
    const leaseMs = deps.config.jobLeaseMs;
    const worker = new Worker(
      JOBS_QUEUE,
      async (job: Job<Carried>, token?: string) => {
        const { jobId, generation } = job.data;
        const claim = { runner: this.runner, now: deps.now(), leaseSeconds: leaseSeconds(leaseMs) };
        const row = await jobRepo.claim(deps.db, jobId, generation, claim);
        if (!row) {
          const current = await jobRepo.find(deps.db, jobId);
          if (current && current.generation === generation && current.state === 'running') {
            // delivered twice while a live run holds it: look again once that claim could have run out
            await job.moveToDelayed(Date.now() + leaseMs, token);
            throw new DelayedError();
          }
          return; // finished, cancelled, retried as a new generation, or never stored
        }
        if ((await runs.run(row)) === 'released') {
          // this process is stopping: another worker takes the job now
          await job.moveToDelayed(Date.now(), token);
          throw new DelayedError();
        }
      },
      {
        connection: this.workerConnection(),
        prefix: PREFIX,
        concurrency: deps.config.jobConcurrency,
        lockDuration: leaseMs,
        stalledInterval: leaseMs,
        maxStalledCount: MAX_STALLED_COUNT,
      },
    );
    worker.on('error', (err) => this.redisError(err));
    worker.on('ready', () => {
      if (this.redisDown) deps.log.info('redis is back: background jobs continue');
      this.redisDown = false;
      void this.reconcile();
    });
    this.worker = worker;
    this.reconciler = setInterval(() => void this.reconcile(), RECONCILE_MS);
    this.reconciler.unref();
    void this.reconcile();
  }

  /** Re-adds the open jobs Redis does not hold (or holds as finished while the row says otherwise). */
  async reconcile(): Promise<number> {
    if (this.closed) return 0;
    let added = 0;
    try {
      const q = await this.queue();
      const open = await jobRepo.openJobs(this.deps.db, this.deps.now(), 1000);
      for (const job of open) {
        const id = bullId(job);
        const state = await withTimeout(q.getJobState(id), SUBMIT_TIMEOUT_MS);
        if (state === 'completed' || state === 'failed') await q.remove(id);
        else if (state !== 'unknown') continue;
        await withTimeout(this.add(q, job), SUBMIT_TIMEOUT_MS);
        added++;
      }
      if (added) this.deps.log.info('jobs missing from Redis queued again', { count: added });
    } catch (err) {
      this.redisError(err as Error);
    }
    return added;
  }

  async startSchedule(tasks: ScheduledTask[], everyMs: number): Promise<void> {
    const { Queue, Worker } = await import('bullmq');
    const { deps } = this;
    const byName = new Map(tasks.map((t) => [t.name, t]));
    this.scheduleWorker = new Worker(
      SCHEDULE_QUEUE,
      async (job: Job) => {
        const task = byName.get(job.name);
        if (!task) return;
        const started = Date.now();
        await task.run();
        deps.log.debug('scheduled task done', { task: task.name, ms: Date.now() - started });
      },
      { connection: this.workerConnection(), prefix: PREFIX, concurrency: 1, lockDuration: Math.max(deps.config.jobLeaseMs, 60_000) },
    );
    this.scheduleWorker.on('error', (err) => this.redisError(err));
    this.scheduleWorker.on('failed', (job, err) => deps.log.warn('scheduled task failed', { task: job?.name, err: err.message }));
    // the schedulers live in Redis (one run per interval for the whole cluster); Redis may be away now
    const register = async (): Promise<void> => {
      const q = new Queue(SCHEDULE_QUEUE, { connection: this.producerConnection(), prefix: PREFIX });
      q.on('error', () => {});
      try {
        for (const t of tasks) await withTimeout(q.upsertJobScheduler(t.name, { every: everyMs }, { name: t.name }), SUBMIT_TIMEOUT_MS);
        for (const s of await withTimeout(q.getJobSchedulers(), SUBMIT_TIMEOUT_MS)) {
          if (s.key && !byName.has(s.key)) await q.removeJobScheduler(s.key);
        }
      } finally {
        await q.close().catch(() => {});
      }
    };
    const attempt = () =>
      register().catch((err) => {
        deps.log.warn('schedule not registered yet; trying again', { err: (err as Error).message });
        if (!this.closed) setTimeout(attempt, 5_000).unref();
      });
    void attempt();
  }

  /** connected workers of the jobs queue (Redis CLIENT LIST; null where the server refuses it) */
  async workerCount(): Promise<number | null> {
    try {
      return await withTimeout((await this.queue()).getWorkersCount(), SUBMIT_TIMEOUT_MS);
    } catch {
      return null;
    }
  }

  abortLocal(jobId: string): boolean {
    return this.runs?.stop(jobId, 'cancelled') ?? false;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconciler) clearInterval(this.reconciler);
    await this.runs?.shutdown();
    await Promise.all([this.worker?.close(), this.scheduleWorker?.close()].map((p) => p?.catch(() => {})));
    if (this.producer) await (await this.producer).close().catch(() => {});
  }
}
