// One measured load: a warm-up, then autocannon in a worker thread.
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

function runWorker(opts: Record<string, unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(workerFile, { workerData: opts });
    w.once('message', (m: LoadResult & { error?: string }) => {
      void w.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    w.once('error', reject);
  });
}

export async function measure(url: string, requests: LoadRequest[], opts: { connections: number; seconds: number }): Promise<LoadResult> {
  const base = { url, timeout: 20 };
  // the warm-up walks the list from its end, so a list of distinct requests stays new to caches
  await runWorker({ ...base, requests: [...requests].reverse(), connections: Math.max(1, Math.floor(opts.connections / 4)), duration: 1 });
  return runWorker({ ...base, requests, connections: opts.connections, duration: opts.seconds });
}
