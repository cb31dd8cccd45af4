// One measured load: a warm-up, then the load itself — wrk when it is installed, else autocannon
// in a worker thread.
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureWithWrk, wrkAvailable } from './wrkLoad';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** bytes on the wire per answer, headers included */
  bytesPerResponse: number;
}

const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loadWorker.mjs');

function runWorker(opts: Record<string, unknown>): Promise<LoadResult & { latencies?: number[] }> {
  return new Promise((resolve, reject) => {
    const w = new Worker(workerFile, { workerData: opts });
    w.once('message', (m: LoadResult & { error?: string; latencies?: number[] }) => {
      void w.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    w.once('error', reject);
  });
}

export async function measure(url: string, requests: LoadRequest[], opts: { connections: number; seconds: number }): Promise<LoadResult> {
  if (wrkAvailable()) {
    // wrk when installed, as in the outside view: autocannon's JavaScript took a core's share of
    // this 2-core machine from the server and PostgreSQL (a new rare-word search measured 640–780
    // req/s under it, 1,800–1,900 under wrk, same database and requests)
    await measureWithWrk(url, [...requests].reverse(), { connections: Math.max(1, Math.floor(opts.connections / 4)), threads: 1, warmupSeconds: 0, seconds: 1 });
    return measureWithWrk(url, requests, { connections: opts.connections, threads: 2, warmupSeconds: 0, seconds: opts.seconds });
  }
  const base = { url, timeout: 20 };
  // the warm-up walks the list from its end, so a list of distinct requests stays new to caches
  await runWorker({ ...base, requests: [...requests].reverse(), connections: Math.max(1, Math.floor(opts.connections / 4)), duration: 1 });
  return runWorker({ ...base, requests, connections: opts.connections, duration: opts.seconds });
}

/** how the outside view loads a server: wrk's way (scripts/bench/outside.ts) */
export interface OutsideLoad {
  connections: number;
  /** load-generator threads sharing the connections (wrk -t) */
  threads: number;
  warmupSeconds: number;
  seconds: number;
  /** per-request change of the body's last field (loadWorker.mjs) */
  vary?: 'fresh' | 'random-case';
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** wrk when it is installed (wrkLoad.ts), else autocannon: `threads` load threads at once, first for the warm-up, then for the measured window; percentiles over all their answers */
export async function measureLoad(url: string, requests: LoadRequest[], load: OutsideLoad): Promise<LoadResult> {
  if (wrkAvailable()) return measureWithWrk(url, requests, load);
  const run = (seconds: number) =>
    Promise.all(
      Array.from({ length: load.threads }, (_, thread) =>
        runWorker({ url, timeout: 20, requests, vary: load.vary, thread, threads: load.threads, connections: Math.max(1, Math.round(load.connections / load.threads)), duration: seconds, returnLatencies: true }),
      ),
    );
  if (load.warmupSeconds > 0) await run(load.warmupSeconds);
  const parts = await run(load.seconds);
  const all = parts.flatMap((p) => p.latencies ?? []).sort((a, b) => a - b);
  const sum = (f: (p: LoadResult) => number) => parts.reduce((n, p) => n + f(p), 0);
  return {
    requests: all.length,
    reqPerSec: sum((p) => p.reqPerSec),
    p50: pct(all, 50),
    p95: pct(all, 95),
    p99: pct(all, 99),
    errors: sum((p) => p.errors),
    non2xx: sum((p) => p.non2xx),
    bytesPerResponse: all.length ? Math.round(sum((p) => p.bytesPerResponse * p.requests) / all.length) : 0,
  };
}
