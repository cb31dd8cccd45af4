// Entry: config → data-dir lock → database + migrations → HTTP server (API, web client).
import cluster from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { DataDirBusyError, lockDataDir } from './db/dataDirLock';
import { migrateDatabase, openDatabase } from './db/client';
import { createDeps } from './deps';
import { createApp } from './app';
import { attachRealtime } from './realtime';
import { runWebProcesses } from './webProcesses';
import { drainable } from './http/drain';
import { markDraining } from './health/state';
import { closeMockPool } from './mock/pool';
import { housekeepingEveryMs } from '../workers/schedule';
import { startBackgroundWork } from '../workers/runtime';
import { limitHeapGrowth } from './heapGrowth';

async function main(): Promise<void> {
  let config;
  let everyMs: number;
  try {
    config = loadConfig();
    everyMs = housekeepingEveryMs();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`quire: configuration error: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  limitHeapGrowth(config.heapGrowingPercent);
  const log = createLogger(config.logLevel);
  if (config.testCaptcha) log.warn('QUIRE_TEST_CAPTCHA is set: every captcha accepts a fixed answer. Never use this in production.');
  if (config.testFastHash) log.warn('QUIRE_TEST_FAST_HASH is set: new password hashes use a light argon2 cost. Never use this in production.');
  if (config.testJobs && !cluster.isWorker) log.warn('QUIRE_TEST_JOBS is set: test job kinds are registered. Never use this in production.');
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    runWebProcesses(config.webConcurrency, log, config.shutdownGraceMs);
    return;
  }

  let release: (() => void) | null = null;
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (e) {
      if (e instanceof DataDirBusyError) {
        process.stderr.write(`quire: ${e.message}\n`);
        process.exit(1);
      }
      throw e;
    }
  }

  // a first start creates the embedded database: say so, it takes a while on a small machine
  log.info(config.databaseUrl ? 'connecting to PostgreSQL' : 'opening the database', { dataDir: config.databaseUrl ? undefined : config.dataDir });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'db'),
    log,
  }).catch((e) => {
    process.stderr.write(`quire: cannot open the database: ${e.message}\n`);
    process.exit(1);
  });
  log.info('applying database migrations');
  await migrateDatabase(database).catch((e) => {
    process.stderr.write(`quire: database migration failed: ${e.message}\n`);
    process.exit(1);
  });

  const deps = createDeps(config, database.db, database.kind, log);
  const app = createApp(deps);
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  const drain = drainable(server);
  const realtime = attachRealtime(server, deps);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  }).catch((e: NodeJS.ErrnoException) => {
    process.stderr.write(
      e.code === 'EADDRINUSE' ? `quire: port ${config.port} is already in use; set PORT to another port\n` : `quire: cannot listen: ${e.message}\n`,
    );
    process.exit(1);
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  log.info(`Quire is serving on http://localhost:${port}`, {
    database: database.kind,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    pid: cluster.isWorker ? process.pid : undefined,
  });

  // Background jobs and the schedule (housekeeping, the recycle-bin purge, expired job results):
  // here without Redis (the jobs table is the queue; runs interrupted by the last stop resume
  // now) or with JOBS_IN_API=1; else `npm run workers` runs them
  if (!config.redisUrl || config.jobsInApi) {
    await startBackgroundWork(deps, database, { everyMs, scheduleDelayMs: 30_000 });
  } else {
    log.info('background jobs and housekeeping run in `npm run workers` (REDIS_URL is set; JOBS_IN_API=1 runs them here too)');
    // a setup with Redis but no worker would queue exports forever and never clean up: say so
    const check = () =>
      void deps.jobs.workerCount().then((n) => {
        if (n === 0) log.warn('no `npm run workers` process is connected to Redis: exports and imports wait, and housekeeping does not run. Start one, or set JOBS_IN_API=1');
      });
    setTimeout(check, 60_000).unref();
    setInterval(check, 3600_000).unref();
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    markDraining();
    const graceMs = config.shutdownGraceMs;
    log.info('shutting down: finishing running requests', { signal, inFlight: drain.inFlight(), graceMs });
    // a backstop only: the steps below end well within the grace period
    setTimeout(() => process.exit(1), graceMs + 5_000).unref();
    // stop taking connections and let running requests finish, while live documents are stored and
    // socket and co-editing clients are told to reconnect (to another process behind the address)
    const [finished] = await Promise.all([
      drain.drain(graceMs),
      realtime.close().catch((err) => log.warn('realtime shutdown', { err: err.message })),
    ]);
    if (!finished) log.warn('the grace period ended with requests still running', { inFlight: drain.inFlight() });
    // hand running jobs back, then close the database
    deps.limits.close();
    await closeMockPool();
    await deps.jobs.close().catch((err) => log.warn('job runner shutdown', { err: err.message }));
    server.closeAllConnections();
    // mails already promised to someone (reset links) go out before the database closes
    await deps.mail.idle();
    try {
      await database.close();
    } catch {}
    release?.();
    log.info('stopped', { signal });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((e) => {
  process.stderr.write(`quire: ${e?.stack || e}\n`);
  process.exit(1);
});
