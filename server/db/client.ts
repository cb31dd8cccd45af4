// Opens the database: embedded PGlite in DATA_DIR/db, or a PostgreSQL server (DATABASE_URL).
// Both speak the same SQL; drizzle gives one typed API over either.
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import type { Logger } from '../logger';
import { fromRoot } from '../paths';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** runs fn while holding a cluster-wide lock (a no-op lock for the single-process PGlite) */
  withExclusiveLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
}

export const migrationsFolder = fromRoot('server/db/migrations');

export interface OpenOptions {
  databaseUrl?: string | null;
  /** PGlite data directory; null = in-memory (tests) */
  pgliteDir?: string | null;
  /** a PGlite data-dir dump to start from (tests: a migrated template) */
  pgliteLoad?: Blob | File | null;
  log: Logger;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.log, opts.poolSize ?? 20);
  return openPglite(opts.pgliteDir ?? null, opts.pgliteLoad ?? null);
}

async function openPglite(dir: string | null, load: Blob | File | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  // options form: `new PGlite(undefined, opts)` silently drops them (stack.md)
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(load ? { loadDataDir: load } : {}),
    // PostgreSQL's 128 MB of shared buffers live inside the WASM heap: ~150 MB more RSS for a cache
    // the embedded mode (one process, data on local disk) barely needs (DESIGN §7 memory budget)
    postgresqlconf: ['shared_buffers=32MB'],
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close(), withExclusiveLock: (_key, fn) => fn() };
}

async function openPostgres(url: string, log: Logger, poolSize: number): Promise<Database> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.default.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    statement_timeout: 30000,
  });
  // An idle client whose backend dies emits 'error'; without a listener the process would crash.
  pool.on('error', (err) => log.warn('postgres connection lost; the pool will reconnect', { err: err.message }));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const withExclusiveLock = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
    const conn = await pool.connect();
    try {
      await conn.query('select pg_advisory_lock($1)', [key]);
      try {
        return await fn();
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [key]);
      }
    } finally {
      conn.release();
    }
  };
  return { db, kind: 'postgres', close: () => pool.end(), withExclusiveLock };
}

/** Applies committed migrations; on a server, an advisory lock keeps concurrent starts from racing. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as any, { migrationsFolder });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await database.withExclusiveLock(727274, () => migrate(database.db as any, { migrationsFolder }));
}
