// Job ids: random, never guessable (a download names its job), never a bare number (BullMQ
// refuses integer ids).
import { randomBytes } from 'node:crypto';

export const newJobId = () => randomBytes(12).toString('hex');

export const JOB_ID_RE = /^[0-9a-f]{24}$/;
