// `npm run workers`: a process for scheduled background work beside the API processes of a
// scale-out setup (DATABASE_URL). Its one job is the housekeeping schedule (expired tokens,
// captchas, mail tokens, the 30-day recycle-bin purge, orphan files: every step is listed in
// server/domain/housekeeping.ts); steps are idempotent and run under a cluster-wide advisory
// lock, so any number of workers (and API processes) may run together.
import { ConfigError, loadConfig } from '../server/config';
import { createLogger } from '../server/logger';
import { openDatabase } from '../server/db/client';
import { createDeps } from '../server/deps';
import { runCleanup } from '../server/domain/housekeeping';
import { housekeepingEveryMs } from './schedule';

const HOUSEKEEPING_LOCK = 0x71756972; // "quir"

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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, log, poolSize: 4 });
  const deps = createDeps(config, database.db, database.kind, log);

  const tick = async () => {
    const started = Date.now();
    await database.withExclusiveLock(HOUSEKEEPING_LOCK, () => runCleanup(deps));
    log.info('housekeeping done', { ms: Date.now() - started });
  };
  const timer = setInterval(() => void tick().catch((err) => log.warn('housekeeping failed', { err: err.message })), everyMs);
  log.info('quire workers ready', { everyMs: everyMs });
  await tick().catch((err) => log.warn('housekeeping failed', { err: err.message }));

  const stop = async () => {
    clearInterval(timer);
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
