// /api/job/*: the caller's background jobs (exports, imports), for the Downloads screen.
import { callAction } from '../http';
import type * as jobApi from '@shared/api/job';

export const list = () => callAction<typeof jobApi.list>('job/list', {}, { loading: false });
export const info = (job_id: string) => callAction<typeof jobApi.info>('job/info', { job_id }, { loading: false });
export const cancel = (job_id: string) => callAction<typeof jobApi.cancel>('job/cancel', { job_id });
export const retry = (job_id: string) => callAction<typeof jobApi.retry>('job/retry', { job_id });
