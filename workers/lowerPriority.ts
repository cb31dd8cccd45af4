// A workers process yields the CPU to the API processes on its machine: an export or import can
// wait a few milliseconds, a reader cannot. Measured on 2 cores (npm run bench, "page/info while a
// Word export runs"): the export at the default priority took page/info's p95 to 2.4× its idle
// value; below it, the API keeps the cores it needs.
import os from 'node:os';

/** nice 10, as the mock sandbox's processes (server/mock/pool.ts) */
export const WORKERS_NICE = 10;

export function lowerPriority(log?: { warn(msg: string, meta?: object): void }): void {
  try {
    // a process may always lower its own priority; only raising it needs privileges
    if (os.getPriority() < WORKERS_NICE) os.setPriority(WORKERS_NICE);
  } catch (err) {
    log?.warn('could not lower the workers process priority', { err: (err as Error).message });
  }
}
