// A job's state as the 'job.progress' domain event: the gateway pushes it to user:<uid> (from
// whichever process the event reaches, see realtime/eventBridge.ts), and a finished export or
// import makes its user a notice (listeners/ → domain/notices/jobFinished.ts) linking to Downloads.
import type { AppDeps } from '../deps';
import type { JobRow } from '../db/repos/jobs';

/** the Downloads screen, showing this job */
export const downloadsLink = (jobId: string) => `/downloads?job=${jobId}`;

export function publishJob(deps: AppDeps, job: Pick<JobRow, 'id' | 'uid' | 'kind' | 'itemId' | 'state' | 'progress' | 'stage' | 'error'>): void {
  deps.events.emit('job.progress', {
    uid: job.uid,
    jobId: job.id,
    name: job.kind,
    itemId: job.itemId,
    status: job.state,
    progress: job.progress,
    stage: job.stage,
    ...(job.state === 'done' ? { result: { link: downloadsLink(job.id) } } : {}),
    ...(job.state === 'failed' ? { error: job.error } : {}),
  });
}
