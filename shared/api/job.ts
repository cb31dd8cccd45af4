// /api/job/*: the caller's background jobs (exports, imports), listed on the Downloads screen.
// Our extension (ShowDoc has no job list). A job is its user's only: another user's job answers
// as if it did not exist.
import { endpoint } from './contract';
import { id, int, text } from './fields';

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobInfo {
  job_id: string;
  /** 'export.word', 'export.markdown', 'export.html', 'import.auto', 'import.xlsx', 'export.xlsx', 'import.showdoc' */
  kind: string;
  /** the item the job is about (0: none) */
  item_id: number;
  /** its name ('' when there is none, or it was deleted) */
  item_name: string;
  state: JobState;
  /** 0–100 */
  progress: number;
  /** a short stage text ("Page 120 of 1,000"), in the caller's language */
  stage: string;
  /** why it failed, in the caller's language */
  error: string;
  /** runs started (more than 1 after a retry or a crashed worker) */
  attempt: number;
  /** the result file while it is kept (7 days after the job finished) */
  file: { name: string; size: number; type: string } | null;
  /** opened as a link (the session cookie or a download ticket authenticates it); '' when there is no file */
  download_url: string;
  /** what the job reports beside its file (an import's report) */
  summary: unknown;
  /** unix seconds (0: not yet) */
  created_at: number;
  started_at: number;
  finished_at: number;
  /** when the result file is removed (0: no file) */
  expires_at: number;
}

/**
 * The 'job' socket event: a job's state pushed to its user's open tabs (Downloads, Export, Import
 * follow it). One push reaches every tab of the user, whatever their language: `stage` and `error`
 * are English, and `stage_template`/`error_template` with their `_vars` give them in the reader's
 * language through shared/messages (`localize`), as the API does for job/info.
 */
export interface JobPush {
  job_id: string;
  /** the job's kind */
  name: string;
  item_id: number;
  status: JobState;
  progress: number;
  stage: string;
  stage_template: string;
  stage_vars: Record<string, string | number>;
  /** a finished job: where its result is shown ({link: '/downloads?job=…'}) */
  result?: unknown;
  /** a failed job: why */
  error?: string;
  error_template?: string;
  error_vars?: Record<string, string | number>;
}

const jobId = () => text({ required: true, max: 64 });

/** The caller's newest jobs (up to 100), newest first. */
export const list = endpoint<JobInfo[]>()('job/list', {});
export const info = endpoint<JobInfo>()('job/info', { job_id: jobId() });
/** A queued job never runs; a running one is stopped. */
export const cancel = endpoint<JobInfo>()('job/cancel', { job_id: jobId() });
/** A failed job runs again (a new attempt). */
export const retry = endpoint<JobInfo>()('job/retry', { job_id: jobId() });
/** The result file (GET as a link, `browserGet`): the caller's own finished job only. */
export const download = endpoint<never>()('job/download', { job_id: jobId() });
/** Test servers only (QUIRE_TEST_JOBS=1): starts the 'test.pages' job, which writes pages into an item the caller may edit. */
export const startTest = endpoint<JobInfo>()('job/startTest', {
  item_id: id(),
  pages: int({ def: 5, min: 1, max: 1000 }),
  step_ms: int({ def: 0, min: 0, max: 60_000 }),
  fail_at: int({ def: 0, min: 0, max: 1000 }),
});
