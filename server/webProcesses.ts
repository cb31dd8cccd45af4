// WEB_CONCURRENCY > 1: this process serves nothing itself. It forks that many API processes,
// which share the port (node:cluster hands each new connection to the next one), and keeps them
// running: one that dies is replaced, after a pause that doubles while replacements keep dying
// (a database outage must not become a tight fork loop). If none has served yet (bad database
// URL, port taken, failed migration), or none serves and replacements keep failing, the server
// stops with an error, as a single process would. SIGTERM / SIGINT reach every API process,
// which drain and shut down as usual. SIGHUP restarts them one at a time (a rolling restart:
// a new process serves before an old one drains), so a deploy drops no request.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';

const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** with no process serving, more replacements than this within a minute: stop */
const MAX_RESTARTS_PER_MINUTE = 10;
/** beyond the API processes' own grace period, before this process stops waiting for them */
const STOP_MARGIN_MS = 5_000;

export function runWebProcesses(count: number, log: Logger, graceMs = 15_000): void {
  const serving = new WeakSet<Worker>();
  /** old processes a rolling restart stopped on purpose: not replaced when they exit */
  const retiring = new WeakSet<Worker>();
  let restarting = false;
  const restarts: number[] = [];
  let everServed = false;
  let stopping = false;

  const stopAll = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(exitCode), graceMs + STOP_MARGIN_MS).unref();
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
    if (retiring.has(worker)) return;
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

  const rollingRestart = async () => {
    if (restarting || stopping) return;
    restarting = true;
    const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    log.info('rolling restart of the API processes', { count: old.length });
    try {
      for (const worker of old) {
        if (stopping) break;
        const fresh = cluster.fork();
        const up = await new Promise<boolean>((resolve) => {
          fresh.once('listening', () => resolve(true));
          fresh.once('exit', () => resolve(false));
        });
        if (!up) {
          log.error('a new API process failed to start; the rolling restart stops and the running processes keep serving');
          break;
        }
        retiring.add(worker);
        const gone = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        worker.process.kill('SIGTERM');
        await gone;
      }
    } finally {
      restarting = false;
    }
    log.info('rolling restart done');
  };

  for (let i = 0; i < count; i++) cluster.fork();
  log.info(`starting ${count} API processes`, { primary: process.pid });
  process.on('SIGTERM', () => stopAll('SIGTERM', 0));
  process.on('SIGINT', () => stopAll('SIGINT', 0));
  process.on('SIGHUP', () => void rollingRestart());
}
