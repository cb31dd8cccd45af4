// Job ids: never guessable (a download names its job), never a bare number (BullMQ refuses
// integer ids), and in the order they were made: 12 hex digits of milliseconds (strictly rising
// within a process), then 80 random bits. The in-process queue takes jobs oldest first by
// (addtime, id), and addtime has whole seconds only: two jobs started in one second must still
// run in the order they were asked for.
import { randomBytes } from 'node:crypto';

let lastMs = 0;

export function newJobId(): string {
  const now = Date.now();
  lastMs = now > lastMs ? now : lastMs + 1;
  return lastMs.toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
}

export const JOB_ID_RE = /^[0-9a-f]{32}$/;
