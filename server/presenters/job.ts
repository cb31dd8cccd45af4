// Job rows → the answers of job/* and the Downloads screen.
import type { JobListRow } from '../db/repos/jobs';
import type { JobInfo, JobState } from '../../shared/api/job';

/** where the result file downloads (a link the browser opens with its session cookie) */
export const jobDownloadUrl = (jobId: string) => `/api/job/download?job_id=${jobId}`;

export function presentJob(row: JobListRow): JobInfo {
  const file = row.resultFile;
  return {
    job_id: row.id,
    kind: row.kind,
    item_id: row.itemId,
    item_name: row.itemName ?? '',
    state: row.state as JobState,
    progress: row.progress,
    stage: row.stage,
    error: row.error,
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
