// Entry of a mock generator process. pool.ts bundles it (childScript.ts) and starts it with an
// empty environment, Node's permission model (no file system, child processes or workers), no
// code generation from strings and a small heap; it reads templates over IPC and answers with
// the generated JSON or the refusal. It needs no network and opens none.
import { ApiError } from '../errors';
import { generateJson } from './generateJson';

export interface MockJob {
  id: number;
  template: string;
  timeZone?: string;
  outputBytes?: number;
}

export type MockReply =
  | { id: number; json: string }
  | { id: number; refusal: { template: string; vars?: Record<string, string | number> } }
  | { id: number; failure: string };

const send = process.send?.bind(process);
if (!send) process.exit(1);

process.on('message', (job: MockJob) => {
  let reply: MockReply;
  try {
    reply = { id: job.id, json: generateJson(String(job.template), { timeZone: job.timeZone, outputBytes: job.outputBytes }) };
  } catch (err) {
    reply =
      err instanceof ApiError
        ? { id: job.id, refusal: { template: err.template, vars: err.vars } }
        : { id: job.id, failure: String((err as Error)?.message ?? err).slice(0, 200) };
  }
  send!(reply);
});

// the server went away (or closed the pool): nothing left to do
process.on('disconnect', () => process.exit(0));
send!({ ready: true });
