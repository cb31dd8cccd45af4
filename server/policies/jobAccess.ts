// Glue between a request and canUseJob: loads the job and answers it only to its user. Another
// user's job, and a job that does not exist, get the same answer.
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import * as jobRepo from '../db/repos/jobs';
import type { JobRow } from '../db/repos/jobs';
import { notFound } from '../errors';
import { JOB_ID_RE } from '../jobs/ids';
import { canUseJob } from './jobs';

export const jobNotFound = () => notFound('This job does not exist or is not yours');

/** The caller's own job (with its item's name), or the not-found refusal. */
export async function ownJob(deps: AppDeps, user: SessionUser | null, jobId: string): Promise<JobRow & { itemName: string | null }> {
  const job = JOB_ID_RE.test(jobId) ? await jobRepo.findWithItem(deps.db, jobId) : undefined;
  if (!job || !canUseJob(user, job)) throw jobNotFound();
  return job;
}
