// WEB_CONCURRENCY > 1: this process serves nothing itself. It forks that many API processes,
// which share the port (node:cluster hands each new connection to the next one), and keeps them
// running: one that dies is replaced, after a pause that doubles while replacements keep dying
// (a database outage must not become a tight fork loop). If none has served yet (bad database
// URL, port taken, failed migration), or none serves and replacements keep failing, the server
// stops with an error, as a single process would. SIGTERM / SIGINT reach every API process,
// which shut down as usual.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** with no process serving, more replacements than this within a minute: stop */
const MAX_RESTARTS_PER_MINUTE = 10;
/** how long API processes get to store live documents and finish requests */
const STOP_GRACE_MS = 15_000;

export function runWebProcesses(count: number, log: Logger): void {
  const serving = new WeakSet<Worker>();
  const restarts: number[] = [];
  let everServed = false;
  let stopping = false;

  const stopAll = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(exitCode), STOP_GRACE_MS).unref();
  };

  cluster.on('listening', (worker) => {
    serving.add(worker);
    everServed = true;
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit();
      return;
    }
    if (!everServed) {
      log.error('an API process failed to start; stopping', { pid: worker.process.pid, code, signal });
      stopAll('SIGTERM', code || 1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0] < now - 60_000) restarts.shift();
    const anyServing = Object.values(cluster.workers ?? {}).some((w) => w && serving.has(w));
    if (!anyServing && restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log.error('no API process is serving and replacements keep failing; stopping', { restartsInLastMinute: restarts.length });
      stopAll('SIGTERM', 1);
      return;
    }
    const delay = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** (restarts.length - 1));
    log.warn('an API process exited; starting another', { pid: worker.process.pid, code, signal, inMs: delay });
    setTimeout(() => stopping || cluster.fork(), delay);
  });

  for (let i = 0; i < count; i++) cluster.fork();
  log.info(`starting ${count} API processes`, { primary: process.pid });
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  process.on('SIGINT', () => stopAll('SIGINT', 0));
}
