// The benchmark's database: a fresh PGlite data directory, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL. Both are removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLogger } from '../../server/logger';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';

export type Kind = 'pglite' | 'postgres';

/** where a child process finds the database */
export interface Target {
  kind: Kind;
  /** PGlite data directory */
  dir?: string;
  /** PostgreSQL URL */
  url?: string;
}

const log = createLogger('error');

export async function createTarget(kind: Kind): Promise<{ target: Target; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-'));
    return { target: { kind, dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const pg = await import('pg');
  const name = `quire_bench_${randomBytes(5).toString('hex')}`;
  const c = new pg.default.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = '/' + name;
  return {
    target: { kind, url: u.toString() },
    drop: async () => {
      const d = new pg.default.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/** Opens (and on first use migrates) the target. */
export async function openTarget(t: Target, first: boolean): Promise<Database> {
  if (t.kind === 'postgres') {
    const database = await openDatabase({ databaseUrl: t.url!, log, poolSize: 20 });
    if (first) await migrateDatabase(database);
    return database;
  }
  // the migrated data-dir dump the test suites build skips PGlite's slow initdb when present
  const template = path.resolve('.tmp/pglite-template.tar.gz');
  const pgliteLoad = first && fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : null;
  const database = await openDatabase({ pgliteDir: t.dir!, pgliteLoad, log });
  if (first) await migrateDatabase(database);
  return database;
}
