// Job rows → the answers of job/* and the Downloads screen, and job events → the 'job' socket
// push. A job's stage and failure are stored as English templates with their values: job/* gives
// them in the caller's language, the push in English with the template for the reader's screen.
import type { JobListRow } from '../db/repos/jobs';
import type { DomainEvents } from '../events';
import type { JobInfo, JobPush, JobState } from '../../shared/api/job';
import { localize } from '../../shared/messages';

/** where the result file downloads (a link the browser opens with its session cookie) */
export const jobDownloadUrl = (jobId: string) => `/api/job/download?job_id=${jobId}`;

export function presentJob(row: JobListRow, lang: 'en' | 'zh'): JobInfo {
  const file = row.resultFile;
  return {
    job_id: row.id,
    kind: row.kind,
    item_id: row.itemId,
    item_name: row.itemName ?? '',
    state: row.state as JobState,
    progress: row.progress,
    stage: localize(row.stage, lang, row.stageVars),
    error: localize(row.error, lang, row.errorVars),
    attempt: row.attempt,
    file: file ? { name: file.name, size: file.size, type: file.type } : null,
    download_url: file && row.state === 'done' ? jobDownloadUrl(row.id) : '',
    summary: row.summary ?? null,
    created_at: row.addtime,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    expires_at: row.expiresAt,
  };
}

export function presentJobPush(e: DomainEvents['job.progress']): JobPush {
  const stage = e.stage ?? '';
  return {
    job_id: e.jobId,
    name: e.name,
    item_id: e.itemId ?? 0,
    status: e.status as JobState,
    progress: e.progress,
    stage: localize(stage, 'en', e.stageVars),
    stage_template: stage,
    stage_vars: e.stageVars ?? {},
    result: e.result,
    ...(e.error !== undefined ? { error: localize(e.error, 'en', e.errorVars), error_template: e.error, error_vars: e.errorVars ?? {} } : {}),
  };
}
