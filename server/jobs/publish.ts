// A job's state as the 'job.progress' domain event: the gateway pushes it to user:<uid> (from
// whichever process the event reaches, see realtime/eventBridge.ts), and a finished export or
// import makes its user a notice (listeners/ → domain/notices/jobFinished.ts) linking to Downloads.
// The stage and the failure travel as English templates with their values: each reader's screen
// shows them in its language (the gateway sends both the English text and the template).
import type { AppDeps } from '../deps';
import type { JobRow } from '../db/repos/jobs';

/** the Downloads screen, showing this job */
export const downloadsLink = (jobId: string) => `/downloads?job=${jobId}`;

export function publishJob(deps: AppDeps, job: Pick<JobRow, 'id' | 'uid' | 'kind' | 'itemId' | 'state' | 'progress' | 'stage' | 'stageVars' | 'error' | 'errorVars'>): void {
  deps.events.emit('job.progress', {
    uid: job.uid,
    jobId: job.id,
    name: job.kind,
    itemId: job.itemId,
    status: job.state,
    progress: job.progress,
    stage: job.stage,
    stageVars: job.stageVars,
    ...(job.state === 'done' ? { result: { link: downloadsLink(job.id) } } : {}),
    ...(job.state === 'failed' ? { error: job.error, errorVars: job.errorVars } : {}),
  });
}
