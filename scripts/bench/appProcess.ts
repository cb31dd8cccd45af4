// The bench's app process (one per database): starts the real app (createApp) on an ephemeral
// port over the database the bench seeded, prints {url} and serves until SIGTERM. Keeping the app
// alone in its process (seeding and load happen in the bench's) makes the RSS figure its own.
// BENCH_PROCESSES=N: this process is the primary of N API processes sharing the port, as
// WEB_CONCURRENCY=N makes `npm start` (server/webProcesses.ts); it prints {url} once all serve.
import cluster from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config';
import { createDeps } from '../../server/deps';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { runWebProcesses } from '../../server/webProcesses';
import { jobHandlers } from '../../workers/jobs';
import { openTarget, type Target } from './database';
import { limitHeapGrowth } from '../../server/heapGrowth';

const log = createLogger('error');

async function main(t: Target): Promise<void> {
  const database = await openTarget(t, false);
  // the bench measures the endpoints, not the per-user limits (one user sends thousands a second)
  // the test job kind gives the "while a job runs" rows a job (bench/background.ts); the app runs
  // background jobs itself, as a server without Redis does
  const config = { ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', READ_CACHES: process.env.READ_CACHES, HEAP_GROWING_PERCENT: process.env.HEAP_GROWING_PERCENT }), port: 0, host: '127.0.0.1', rateLimitPerMinute: 0, testJobs: true };
  // as server/main.ts does
  limitHeapGrowth(config.heapGrowingPercent);
  const deps = createDeps(config, database.db, database.kind, log);
  await deps.jobs.startRunning(jobHandlers(config));
  const handler = createApp(deps).callback();
  let inFlight = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    // until the handler is done, not until the client hangs up (the load generator drops its last requests)
    void Promise.resolve(handler(req, res)).finally(() => inFlight--);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // BENCH_MEM_LOG=1: where the memory is, every second (RSS, V8 heap, buffers outside it)
  if (process.env.BENCH_MEM_LOG) {
    const mb = (n: number) => Math.round(n / 1048576);
    setInterval(() => {
      const m = process.memoryUsage();
      process.stderr.write(`[app memory] rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} external ${mb(m.external)} buffers ${mb(m.arrayBuffers)} MB\n`);
    }, 1000).unref();
  }
  if (cluster.isPrimary) process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }) + '\n');
  process.once('SIGTERM', () => {
    void (async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeIdleConnections();
      // let requests still being handled finish before the database goes away
      for (let i = 0; i < 100 && inFlight > 0; i++) await new Promise((r) => setTimeout(r, 100));
      server.closeAllConnections();
      await closed;
      await deps.jobs.close();
      await database.close();
      process.exit(0);
    })();
  });
}

const processes = Number(process.env.BENCH_PROCESSES || 1);
if (processes > 1 && cluster.isPrimary) {
  let serving = 0;
  cluster.on('listening', (_worker, address) => {
    if (++serving === processes) process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${address.port}` }) + '\n');
  });
  runWebProcesses(processes, log);
} else {
  main(JSON.parse(process.argv[2] ?? '{}') as Target).catch((err) => {
    process.stderr.write(`bench app failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
