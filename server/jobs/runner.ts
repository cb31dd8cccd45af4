// One run of a claimed job, the same under both engines: the handler gets its context (throttled
// progress, an abort signal, a scratch folder), the claim is renewed while it works (and the
// renewal hears of a cancel), and the end is recorded: done with its result file, failed with
// the handler's message, or cancelled. A run that lost its claim writes nothing.
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../deps';
import * as jobRepo from '../db/repos/jobs';
import type { JobRow, ResultFile, RunEnd } from '../db/repos/jobs';
import { ApiError } from '../errors';
import { localize, type MessageVars } from '../../shared/messages';
import type { JobContext, JobHandlers, JobKind, JobResult } from './types';
import { cleanVars, ThrottledProgress } from './progress';
import { newScratch, removeScratchOf } from './scratch';
import { publishJob } from './publish';
import { RESULT_TTL_SECONDS, removeResultFile, storeResult } from './results';

/** a job whose runs died this many times (killed workers, out of memory) fails instead of looping */
export const MAX_STALLS = 2;
/** progress reaches the row and the browser at most this often */
const PROGRESS_EVERY_MS = 400;

export interface RunnerOptions {
  /** this process's name on the rows it claims */
  runner: string;
  leaseMs: number;
  handlers: JobHandlers;
}

/** how a run ended for the engine: finished (any final state), handed back (shutdown), or lost */
export type RunOutcome = 'finished' | 'released' | 'lost';

type StopReason = 'cancelled' | 'shutdown' | 'lost';

interface Running {
  abort: AbortController;
  reason: StopReason | null;
  done: Promise<RunOutcome>;
}

export interface Failure {
  /** an English message template (shown in the reader's language, shared/messages) */
  error: string;
  errorVars: MessageVars;
}

/** What a user reads of a failure: an ApiError's English template and values, or an error's own text. */
export function failureOf(err: unknown): Failure {
  if (err instanceof ApiError) return { error: err.template.slice(0, 2000), errorVars: cleanVars(err.vars, 500) };
  return { error: (err instanceof Error ? err.message || err.name : String(err)).slice(0, 2000), errorVars: {} };
}

export const leaseSeconds = (leaseMs: number) => Math.ceil(leaseMs / 1000);

export class JobRuns {
  private readonly running = new Map<string, Running>();
  private readonly offCancel: () => void;

  constructor(
    private readonly deps: AppDeps,
    private readonly opts: RunnerOptions,
  ) {
    // a cancel from this process, or from another one over the event bridge
    this.offCancel = deps.events.on('job.cancelRequested', ({ jobId }) => void this.stop(jobId, 'cancelled'));
  }

  get kinds(): string[] {
    return Object.keys(this.opts.handlers);
  }

  get active(): number {
    return this.running.size;
  }

  /** Aborts a run of this process; false when it runs no such job. */
  stop(jobId: string, reason: StopReason): boolean {
    const r = this.running.get(jobId);
    if (!r) return false;
    r.reason ??= reason;
    r.abort.abort(new Error(reason === 'cancelled' ? 'The job was cancelled' : 'The job was stopped'));
    return true;
  }

  /** Stops every run and hands their jobs back to the queue. */
  async shutdown(): Promise<void> {
    this.offCancel();
    const runs = [...this.running.entries()];
    for (const [id] of runs) this.stop(id, 'shutdown');
    await Promise.all(runs.map(([, r]) => r.done.catch(() => 'finished')));
  }

  /** Runs a job this process has just claimed. */
  run(row: JobRow): Promise<RunOutcome> {
    const entry: Running = { abort: new AbortController(), reason: null, done: Promise.resolve<RunOutcome>('finished') };
    this.running.set(row.id, entry);
    entry.done = this.runClaimed(row, entry).finally(() => this.running.delete(row.id));
    return entry.done;
  }

  private async runClaimed(row: JobRow, entry: Running): Promise<RunOutcome> {
    const { deps } = this;
    const handler = this.opts.handlers[row.kind as JobKind];
    // what earlier runs left when they were killed (one run holds a job at a time: they are dead)
    await removeScratchOf(row.id);
    if (row.stalls > MAX_STALLS) {
      return this.end(row, { state: 'failed', error: 'The job stopped {count} times before it could finish (its process was killed or ran out of memory)', errorVars: { count: row.stalls } });
    }
    if (!handler) return this.end(row, { state: 'failed', error: 'No handler for jobs of kind "{kind}"', errorVars: { kind: row.kind } });
    if (row.cancelRequested) return this.end(row, { state: 'cancelled' });

    const scratch = await newScratch(row.id);
    const progress = new ThrottledProgress(async ({ percent, stage, vars }) => {
      await jobRepo.setProgress(deps.db, row.id, this.opts.runner, percent, stage, vars);
      publishJob(deps, { ...row, state: 'running', progress: percent, stage, stageVars: vars });
    }, PROGRESS_EVERY_MS);
    publishJob(deps, { ...row, state: 'running' });
    const heartbeat = setInterval(() => void this.renew(row.id), Math.max(250, Math.floor(this.opts.leaseMs / 4)));

    const ctx: JobContext = {
      jobId: row.id,
      uid: row.uid,
      attempt: row.attempt,
      progress: (percent, stage, vars) => progress.report(percent, stage, vars),
      signal: entry.abort.signal,
      scratchPath: (fileName) => {
        const p = path.resolve(scratch, fileName);
        if (!p.startsWith(scratch + path.sep)) throw new Error(`scratchPath: "${fileName}" leaves the scratch folder`);
        fs.mkdirSync(path.dirname(p), { recursive: true });
        return p;
      },
    };
    try {
      let result: JobResult | undefined;
      let failure: unknown;
      try {
        result = await handler(deps, row.data, ctx);
      } catch (err) {
        failure = err;
      }
      await progress.flush();
      const reason = entry.reason;
      if (reason === 'lost') {
        deps.log.warn('a job run lost its claim (its lease ran out); another run took over', { job: row.id });
        return 'lost';
      }
      if (reason === 'shutdown') {
        await jobRepo.release(deps.db, row.id, this.opts.runner);
        return 'released';
      }
      // the scratch folder goes before the end is recorded: whoever sees the job ended finds it gone
      const clearScratch = () => fs.promises.rm(scratch, { recursive: true, force: true }).catch(() => {});
      if (reason === 'cancelled') return await clearScratch().then(() => this.end(row, { state: 'cancelled', progress: progress.value.percent }));
      if (failure !== undefined) {
        if (!(failure instanceof ApiError)) deps.log.warn('job failed', { job: row.id, kind: row.kind, err: failure });
        return await clearScratch().then(() => this.end(row, { state: 'failed', ...failureOf(failure), progress: progress.value.percent }));
      }
      return await this.finishDone(row, result ?? {}, clearScratch);
    } finally {
      clearInterval(heartbeat);
      await fs.promises.rm(scratch, { recursive: true, force: true }).catch(() => {});
    }
  }

  private async finishDone(row: JobRow, result: JobResult, clearScratch: () => Promise<void>): Promise<RunOutcome> {
    let file: ResultFile | null = null;
    if (result.file) {
      try {
        file = await storeResult(this.deps, result.file);
      } catch (err) {
        this.deps.log.warn('job result not stored', { job: row.id, err: (err as Error).message });
        const why = failureOf(err);
        await clearScratch();
        return this.end(row, { state: 'failed', error: 'The result could not be stored: {reason}', errorVars: { reason: localize(why.error, 'en', why.errorVars) } });
      }
    }
    // the result file is stored by now (a copy), so the scratch folder it came from can go
    await clearScratch();
    const now = this.deps.now();
    const outcome = await this.end(row, { state: 'done', progress: 100, resultFile: file, summary: result.summary ?? null, expiresAt: file ? now + RESULT_TTL_SECONDS : 0 });
    if (outcome === 'lost' && file) await removeResultFile(this.deps, file).catch(() => {});
    return outcome;
  }

  /** Records the end (if this run still holds the job) and tells the user. */
  private async end(row: JobRow, e: Omit<RunEnd, 'finishedAt'>): Promise<RunOutcome> {
    const ended = await jobRepo.finishRun(this.deps.db, row.id, this.opts.runner, { ...e, finishedAt: this.deps.now() });
    if (!ended) return 'lost';
    publishJob(this.deps, ended);
    return 'finished';
  }

  private async renew(jobId: string): Promise<void> {
    try {
      const held = await jobRepo.renew(this.deps.db, jobId, this.opts.runner, this.deps.now() + leaseSeconds(this.opts.leaseMs));
      if (!held) this.stop(jobId, 'lost');
      else if (held.cancelRequested) this.stop(jobId, 'cancelled');
    } catch (err) {
      this.deps.log.warn('job lease not renewed', { job: jobId, err: (err as Error).message });
    }
  }
}
