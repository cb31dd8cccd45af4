// Placeholder until the queue (J1) lands: the one function the HTTP entry points call to hand
// work to the queue, with the queue's signature. The lead merges the real implementation over
// this file.
import type { AppDeps } from '../deps';
import type { JobKind } from './types';

export interface EnqueueOptions {
  uid: number;
  itemId?: number;
}

/** Queues a job of `kind` for the user; resolves with the job's id. */
export async function enqueueJob<D>(_deps: AppDeps, _kind: JobKind, _data: D, _opts: EnqueueOptions): Promise<{ jobId: string }> {
  throw new Error('not wired yet');
}
