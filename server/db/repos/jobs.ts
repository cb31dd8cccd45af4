// Background jobs (server/jobs): the SQL of the jobs table. A run holds its job by `runner` and
// `lease_until`; every write of a running job names its runner, so a run that lost its claim
// (its process was frozen past the lease and another took over) changes nothing.
import { and, desc, eq, getTableColumns, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items, jobs } from '../schema';
import type { MessageVars } from '../../../shared/messages';

export type JobRow = typeof jobs.$inferSelect;
/** a row without its input data, with its item's name (lists) */
export type JobListRow = Omit<JobRow, 'data'> & { itemName?: string | null };
export type ResultFile = NonNullable<JobRow['resultFile']>;

export interface NewJob {
  id: string;
  kind: string;
  uid: number;
  itemId: number;
  data: unknown;
  addtime: number;
}

export async function insert(db: DbOrTx, job: NewJob): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(job).returning();
  return row;
}

/** Removes a job that never reached its queue (the enqueue failed). */
export async function remove(db: DbOrTx, id: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.id, id));
}

export async function find(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

const { data: _data, ...listColumns } = getTableColumns(jobs);

/** The user's jobs, newest first, with the names of their items. */
export function listOfUser(db: DbOrTx, uid: number, limit: number): Promise<JobListRow[]> {
  return db
    .select({ ...listColumns, itemName: items.itemName })
    .from(jobs)
    .leftJoin(items, eq(items.itemId, jobs.itemId))
    .where(eq(jobs.uid, uid))
    .orderBy(desc(jobs.addtime), desc(jobs.id))
    .limit(limit);
}

/** One job with its item's name. */
export async function findWithItem(db: DbOrTx, id: string): Promise<(JobRow & { itemName: string | null }) | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(jobs), itemName: items.itemName })
    .from(jobs)
    .leftJoin(items, eq(items.itemId, jobs.itemId))
    .where(eq(jobs.id, id))
    .limit(1);
  return row;
}

interface Claim {
  runner: string;
  now: number;
  /** the claim holds until now + leaseSeconds unless renewed */
  leaseSeconds: number;
}

/** what every claim sets: a run that finds the job still 'running' follows one that died */
const claimSet = (c: Claim) => ({
  state: 'running',
  runner: c.runner,
  leaseUntil: c.now + c.leaseSeconds,
  attempt: sql`${jobs.attempt} + 1`,
  stalls: sql`${jobs.stalls} + (case when ${jobs.state} = 'running' then 1 else 0 end)`,
  startedAt: c.now,
});

/** a job no live run holds: queued, or running under a lease that ran out */
const claimable = (now: number) => or(eq(jobs.state, 'queued'), and(eq(jobs.state, 'running'), lt(jobs.leaseUntil, now)));

/**
 * The in-process engine takes the oldest claimable job of these kinds (several processes on one
 * PostgreSQL database skip each other's rows).
 */
export async function claimNext(db: DbOrTx, kinds: string[], c: Claim): Promise<JobRow | undefined> {
  if (!kinds.length) return undefined;
  const next = sql`(select ${jobs.id} from ${jobs} where ${and(inArray(jobs.kind, kinds), claimable(c.now))} order by ${jobs.addtime}, ${jobs.id} limit 1 for update skip locked)`;
  const [row] = await db
    .update(jobs)
    .set(claimSet(c))
    .where(and(sql`${jobs.id} = ${next}`, claimable(c.now)))
    .returning();
  return row;
}

/** BullMQ delivered this job (of this generation) to a worker: take it unless a live run holds it. */
export async function claim(db: DbOrTx, id: string, generation: number, c: Claim): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set(claimSet(c))
    .where(and(eq(jobs.id, id), eq(jobs.generation, generation), claimable(c.now)))
    .returning();
  return row;
}

/** The embedded database has one process: runs left 'running' by its last life are over. */
export async function expireAllLeases(db: DbOrTx): Promise<number> {
  const rows = await db.update(jobs).set({ leaseUntil: 0 }).where(eq(jobs.state, 'running')).returning({ id: jobs.id });
  return rows.length;
}

/** Renews a run's claim; undefined when the run lost it (the job was taken over or finished). */
export async function renew(db: DbOrTx, id: string, runner: string, leaseUntil: number): Promise<{ cancelRequested: boolean } | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ leaseUntil })
    .where(and(eq(jobs.id, id), eq(jobs.runner, runner), eq(jobs.state, 'running')))
    .returning({ cancelRequested: jobs.cancelRequested });
  return row ? { cancelRequested: row.cancelRequested === 1 } : undefined;
}

/** `stage`: an English message template, `stageVars` the values of its placeholders */
export async function setProgress(db: DbOrTx, id: string, runner: string, progress: number, stage: string, stageVars: MessageVars): Promise<void> {
  await db
    .update(jobs)
    .set({ progress, stage, stageVars })
    .where(and(eq(jobs.id, id), eq(jobs.runner, runner), eq(jobs.state, 'running')));
}

export interface RunEnd {
  state: 'done' | 'failed' | 'cancelled';
  /** an English message template, and the values of its placeholders */
  error?: string;
  errorVars?: MessageVars;
  resultFile?: ResultFile | null;
  summary?: unknown;
  progress?: number;
  finishedAt: number;
  expiresAt?: number;
}

/** Records how a run ended; undefined when the run no longer holds the job (nothing written). */
export async function finishRun(db: DbOrTx, id: string, runner: string, end: RunEnd): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      state: end.state,
      error: end.error ?? '',
      errorVars: end.errorVars ?? {},
      resultFile: end.resultFile ?? null,
      summary: end.summary ?? null,
      ...(end.progress !== undefined ? { progress: end.progress } : {}),
      finishedAt: end.finishedAt,
      expiresAt: end.expiresAt ?? 0,
      leaseUntil: 0,
      cancelRequested: 0,
    })
    .where(and(eq(jobs.id, id), eq(jobs.runner, runner), eq(jobs.state, 'running')))
    .returning();
  return row;
}

/** A run hands its job back to the queue (its process is stopping): the next run is no crash. */
export async function release(db: DbOrTx, id: string, runner: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', runner: '', leaseUntil: 0 })
    .where(and(eq(jobs.id, id), eq(jobs.runner, runner), eq(jobs.state, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A queued job is cancelled before it runs; undefined when it was no longer queued. */
export async function cancelQueued(db: DbOrTx, id: string, now: number): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'cancelled', finishedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'queued')))
    .returning();
  return row;
}

/** A running job is asked to stop; undefined when it was no longer running. */
export async function requestCancel(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ cancelRequested: 1 })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
    .returning();
  return row;
}

/** A failed job goes back to the queue as a new generation; undefined when it had not failed. */
export async function requeueFailed(db: DbOrTx, id: string, now: number): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      state: 'queued',
      progress: 0,
      stage: '',
      stageVars: {},
      error: '',
      errorVars: {},
      stalls: 0,
      generation: sql`${jobs.generation} + 1`,
      cancelRequested: 0,
      runner: '',
      leaseUntil: 0,
      resultFile: null,
      summary: null,
      addtime: now,
      startedAt: 0,
      finishedAt: 0,
      expiresAt: 0,
    })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
    .returning();
  return row;
}

/** Undoes a retry the queue could not take: the job is failed again, with its earlier message. */
export async function restoreFailed(db: DbOrTx, id: string, generation: number, failed: Pick<JobRow, 'error' | 'errorVars' | 'finishedAt'>): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'failed', error: failed.error, errorVars: failed.errorVars, finishedAt: failed.finishedAt })
    .where(and(eq(jobs.id, id), eq(jobs.generation, generation), eq(jobs.state, 'queued')));
}

/** Jobs a queue should hold: queued ones, and running ones whose run stopped renewing its lease. */
export function openJobs(db: DbOrTx, now: number, limit: number): Promise<{ id: string; kind: string; generation: number }[]> {
  return db
    .select({ id: jobs.id, kind: jobs.kind, generation: jobs.generation })
    .from(jobs)
    .where(claimable(now))
    .orderBy(jobs.addtime)
    .limit(limit);
}

/** Result files past their expiry. */
export function expiredResults(db: DbOrTx, now: number, limit: number): Promise<{ id: string; resultFile: JobRow['resultFile'] }[]> {
  return db
    .select({ id: jobs.id, resultFile: jobs.resultFile })
    .from(jobs)
    .where(and(gt(jobs.expiresAt, 0), lte(jobs.expiresAt, now)))
    .limit(limit);
}

/** Forgets a job's result file (its bytes are gone). */
export async function clearResult(db: DbOrTx, id: string): Promise<void> {
  await db.update(jobs).set({ resultFile: null, expiresAt: 0 }).where(eq(jobs.id, id));
}

/** Removes finished jobs older than this (their files expired long before). */
export async function removeFinishedBefore(db: DbOrTx, before: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(inArray(jobs.state, ['done', 'failed', 'cancelled']), gt(jobs.finishedAt, 0), lt(jobs.finishedAt, before), eq(jobs.expiresAt, 0)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Jobs of a kind that failed or were cancelled in [from, to): their input data (kept uploads to remove). */
export function endedUnfinished(db: DbOrTx, kind: string, from: number, to: number, limit: number): Promise<{ id: string; data: unknown }[]> {
  return db
    .select({ id: jobs.id, data: jobs.data })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.state, ['failed', 'cancelled']), gte(jobs.finishedAt, from), lt(jobs.finishedAt, to)))
    .limit(limit);
}
