// Putting a job on the queue (DESIGN §6). J1 (the queue) implements this with its two engines;
// until it is merged the function exists with its final signature so callers can be written.
import type { AppDeps } from '../deps';
import type { JobKind } from './types';

export interface EnqueueOwner {
  /** the user who asked: progress goes to their room, the result is theirs only */
  uid: number;
  /** the item the job works on (0 when none), shown in the Downloads list */
  itemId: number;
}

/** Queues a job; resolves with its id once the job is persisted. */
export async function enqueueJob(_deps: AppDeps, kind: JobKind, _data: unknown, _owner: EnqueueOwner): Promise<string> {
  throw new Error(`The job queue is not wired yet (job ${kind})`);
}
