// A fresh, migrated database per test file: in-memory PGlite (from a migrated template dump),
// or a new database on the PostgreSQL server named by TEST_DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';
import { createLogger } from '../../server/logger';

const log = createLogger((process.env.TEST_LOG_LEVEL as any) || 'error');

export const testDbKind = (): 'pglite' | 'postgres' => (process.env.QUIRE_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

const templatePath = path.resolve('.tmp/pglite-template.tar.gz');

async function pgliteFromTemplate(): Promise<Database> {
  if (fs.existsSync(templatePath)) {
    const blob = new Blob([fs.readFileSync(templatePath)]);
    const db = await openDatabase({ pgliteLoad: blob, log });
    await migrateDatabase(db); // no-op unless the template is older than the migrations
    return db;
  }
  const db = await openDatabase({ log });
  await migrateDatabase(db);
  return db;
}

export interface TestDatabase extends Database {
  /** connection URL when on a PostgreSQL server (for child processes) */
  url: string | null;
  drop(): Promise<void>;
}

/** adminUrl: another PostgreSQL server than TEST_DATABASE_URL's (a test's own, which it restarts) */
export async function createTestDatabase(adminUrl?: string): Promise<TestDatabase> {
  if (!adminUrl && testDbKind() === 'pglite') {
    const db = await pgliteFromTemplate();
    return { ...db, url: null, drop: () => db.close() };
  }
  const admin = adminUrl ?? process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('QUIRE_TEST_DB=postgres needs TEST_DATABASE_URL');
  const pg = await import('pg');
  const name = `quire_t_${randomBytes(6).toString('hex')}`;
  const client = new pg.default.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = '/' + name;
  const db = await openDatabase({ databaseUrl: url.toString(), log, poolSize: 10 });
  await migrateDatabase(db);
  return {
    ...db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      const c = new pg.default.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
