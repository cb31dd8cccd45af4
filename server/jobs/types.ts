// Background jobs (DESIGN §6): what a job is, what it may do while it runs, and what it leaves.
// One interface, two engines (BullMQ on Redis; in-process with the embedded database); the job
// functions are the same in both. Jobs may run twice (a worker killed mid-job is retried), so a
// job must be idempotent: an import removes what an earlier attempt created before it starts.
import type { AppDeps } from '../deps';
import type { MessageVars } from '../../shared/messages';

/** what runs: one handler per kind, registered by workers/ */
export type JobKind = 'export.word' | 'export.markdown' | 'export.html' | 'import.auto' | 'import.xlsx' | 'export.xlsx' | 'import.showdoc' | 'notice.push' | TestJobKind;

/** kinds that exist only when QUIRE_TEST_JOBS=1 (server/jobs/testKinds.ts; refused in production) */
export type TestJobKind = 'test.pages';

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobContext {
  jobId: string;
  /** the user who asked; results are theirs only */
  uid: number;
  /** 1 on the first run, more on retries */
  attempt: number;
  /**
   * progress 0–100 with a short stage: an English message template and its values
   * (`'Page {n} of {total}', { n: 120, total: 1000 }`), its Chinese text in shared/messages, so
   * each reader sees it in their language; pushed live to the user
   */
  progress(percent: number, stage?: string, vars?: MessageVars): Promise<void>;
  /** aborted when the user cancels the job: stop at the next convenient point */
  signal: AbortSignal;
  /** a path in the job's private scratch folder (removed when the job ends) */
  scratchPath(fileName: string): string;
}

export interface JobResult {
  /** a file to offer for download: written under scratchPath(), kept for 7 days */
  file?: { path: string; name: string; type: string };
  /** what the user is told beside it (an import's report: created, skipped with reasons) */
  summary?: unknown;
}

export type JobHandler<D = unknown> = (deps: AppDeps, data: D, ctx: JobContext) => Promise<JobResult>;

/** kind → the function that runs it (workers/jobs.ts lists them) */
export type JobHandlers = Partial<Record<JobKind, JobHandler<any>>>;

/** who asked, and the item the job is about (0: none), shown in the user's Downloads list */
export interface EnqueueOptions {
  uid: number;
  itemId?: number;
}

export interface EnqueuedJob {
  jobId: string;
}
