// `npm run workers`: the background work of a scale-out setup (DATABASE_URL), beside the API
// processes. With REDIS_URL it runs the jobs API processes queue in BullMQ (exports, imports: the
// kinds in workers/jobs.ts) and the schedule as BullMQ job schedulers (housekeeping with the
// 30-day recycle-bin purge, expired job results: workers/schedule.ts); any number of workers may
// run. Without Redis it runs the schedule under a cluster-wide advisory lock, and takes jobs from
// the jobs table beside the API processes. Its domain events (job progress, notices, changed pages)
// reach the API processes, and through them the browsers, over Redis.
import { ConfigError, loadConfig } from '../server/config';
import { createLogger } from '../server/logger';
import { openDatabase } from '../server/db/client';
import { createDeps } from '../server/deps';
import { createRedisPair } from '../server/realtime/redis';
import { bridgeEvents } from '../server/realtime/eventBridge';
import { housekeepingEveryMs } from './schedule';
import { startBackgroundWork } from './runtime';
import { lowerPriority } from './lowerPriority';

async function main(): Promise<void> {
  let config;
  let everyMs: number;
  try {
    config = loadConfig();
    everyMs = housekeepingEveryMs();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`quire workers: configuration error: ${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  if (!config.databaseUrl) {
    process.stderr.write('quire workers: set DATABASE_URL; with the embedded database the server runs its background work itself\n');
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  lowerPriority(log);
  if (config.testJobs) log.warn('QUIRE_TEST_JOBS is set: test job kinds are registered. Never use this in production.');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, log, poolSize: 4 + config.jobConcurrency });
  const deps = createDeps(config, database.db, database.kind, log);

  const bus = config.redisUrl ? createRedisPair(config.redisUrl, log, 'quire-workers-bus') : null;
  const unbridge = bus ? bridgeEvents(deps.events, bus.pub, bus.sub, log) : () => {};

  await startBackgroundWork(deps, database, { everyMs });
  log.info('quire workers ready', { everyMs, jobs: deps.jobs.engine });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(0), 10_000);
    force.unref();
    // runs in progress are handed back to the queue: another worker takes them at once
    await deps.jobs.close().catch((err) => log.warn('job runner shutdown', { err: err.message }));
    unbridge();
    await bus?.close();
    deps.limits.close();
    await deps.mail.idle();
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((e) => {
  process.stderr.write(`quire workers: ${e?.stack || e}\n`);
  process.exit(1);
});
