// What every operator CLI does around its work: read the configuration, hold the embedded
// database's data-dir lock (PGlite allows one process), open and migrate the database, build the
// deps, and close it all again. With DATABASE_URL it works beside running servers.
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { createLogger } from '../logger';
import { DataDirBusyError, lockDataDir } from '../db/dataDirLock';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { createDeps, type AppDeps } from '../deps';

export interface CliResult {
  code: number;
  out: string;
}

/** Runs fn on the configured database; `name` prefixes the messages ("quire admin"). */
export async function withConfiguredDatabase(name: string, env: NodeJS.ProcessEnv, fn: (deps: AppDeps) => Promise<CliResult>): Promise<CliResult> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return { code: 1, out: `${name}: configuration error: ${e.message}` };
    throw e;
  }

  let release: (() => void) | null = null;
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (e) {
      if (e instanceof DataDirBusyError) {
        return {
          code: 1,
          out: `${name}: a Quire server (pid ${e.pid}) is using the data directory ${e.dir}; stop it first (the embedded database allows one process at a time), or use the admin console in the browser`,
        };
      }
      throw e;
    }
  }

  const log = createLogger('error');
  let database: Database | null = null;
  try {
    try {
      database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'db'), log, poolSize: 2 });
      await migrateDatabase(database);
    } catch (e) {
      return { code: 1, out: `${name}: cannot open the database: ${e instanceof Error ? e.message : String(e)}` };
    }
    return await fn(createDeps(config, database.db, database.kind, log));
  } finally {
    await database?.close().catch(() => {});
    release?.();
  }
}
