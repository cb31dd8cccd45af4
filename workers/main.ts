// `npm run workers`: a process for scheduled background work beside the API processes of a
// scale-out setup (DATABASE_URL). Today that is the housekeeping schedule (expired tokens,
// captchas, mail tokens, the 30-day recycle-bin purge); steps are idempotent and run under a
// cluster-wide advisory lock, so any number of workers (and API processes) may run together.
import { ConfigError, loadConfig } from '../server/config';
import { createLogger } from '../server/logger';
import { openDatabase } from '../server/db/client';
import { createDeps } from '../server/deps';
import { runCleanup } from '../server/domain/housekeeping';
// the controllers register their cleanup steps when loaded
import '../server/api/index';

const HOUSEKEEPING_LOCK = 0x71756972; // "quir"
const EVERY_MS = Number(process.env.QUIRE_HOUSEKEEPING_MS ?? 3600_000);

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
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
  const timer = setInterval(() => void tick().catch((err) => log.warn('housekeeping failed', { err: err.message })), EVERY_MS);
  log.info('quire workers ready', { everyMs: EVERY_MS });
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
