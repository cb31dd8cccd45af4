// WEB_CONCURRENCY > 1: this process serves nothing itself. It forks that many API processes,
// which share the port (node:cluster hands each new connection to the next one), and keeps them
// running: one that dies after it was serving is replaced; one that fails before it ever served
// (bad database URL, port taken, failed migration) stops the whole server with its exit code,
// as a single process would. SIGTERM / SIGINT reach every API process, which shut down as usual.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

const RESTART_DELAY_MS = 1000;
/** more replacements than this within a minute: something is wrong with every process, stop */
const MAX_RESTARTS_PER_MINUTE = 10;
/** how long API processes get to store live documents and finish requests */
const STOP_GRACE_MS = 15_000;

export function runWebProcesses(count: number, log: Logger): void {
  const serving = new WeakSet<Worker>();
  const restarts: number[] = [];
  let stopping = false;

  const stopAll = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(exitCode), STOP_GRACE_MS).unref();
  };

  cluster.on('listening', (worker) => serving.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit();
      return;
    }
    if (!serving.has(worker)) {
      log.error('an API process failed to start; stopping', { pid: worker.process.pid, code, signal });
      stopAll('SIGTERM', code || 1);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log.error('API processes keep exiting; stopping', { restartsInLastMinute: restarts.length });
      stopAll('SIGTERM', 1);
      return;
    }
    log.warn('an API process exited; starting another', { pid: worker.process.pid, code, signal });
    setTimeout(() => stopping || cluster.fork(), RESTART_DELAY_MS);
  });

  for (let i = 0; i < count; i++) cluster.fork();
  log.info(`starting ${count} API processes`, { primary: process.pid });
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  process.on('SIGINT', () => stopAll('SIGINT', 0));
}
