// The ShowDoc import through its real command line (`npm run import:showdoc`), as an operator runs
// it: a run killed with SIGKILL in the middle and run again ends with exactly what one clean run
// makes; a third run creates nothing; --dry-run writes nothing; bad input is refused clearly with
// nothing written. Embedded database (a data directory) or PostgreSQL (DATABASE_URL), as the
// project runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/db';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';
import { createLogger } from '../../server/logger';
import { buildLargeShowdocDb } from '../fixtures/showdoc/buildLargeShowdocDb';

const kind = testDbKind();
let dir: string;
let dbFile: string;
let uploadsDir: string;
const made: TestDatabase[] = [];

/** a target database: a fresh data directory, or a fresh PostgreSQL database */
async function target(): Promise<{ env: NodeJS.ProcessEnv; open(): Promise<Database> }> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(dir, 'data-'));
    return {
      env: { DATA_DIR: dataDir },
      open: async () => {
        const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db'), log: createLogger('error') });
        await migrateDatabase(db);
        return db;
      },
    };
  }
  const db = await createTestDatabase();
  made.push(db);
  return { env: { DATA_DIR: fs.mkdtempSync(path.join(dir, 'data-')), DATABASE_URL: db.url! }, open: async () => db };
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** the CLI as `npm run import:showdoc` starts it; killed with SIGKILL once stderr shows `killAt` */
function cli(env: NodeJS.ProcessEnv, args: string[], killAt?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/importShowdoc.ts', ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      if (killAt && killAt.test(stderr) && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** what a database holds, table by table, as text that two imports can be compared by */
async function contents(db: Database): Promise<Record<string, string>> {
  const q = async (query: ReturnType<typeof sql>) => {
    const r: any = await db.db.execute(query);
    return String((r.rows ?? r)[0]?.v ?? '');
  };
  return {
    users: await q(sql`select count(*) || ':' || coalesce(md5(string_agg(concat_ws('|', uid, username, password), ',' order by uid)), '') as v from users`),
    items: await q(sql`select count(*) || ':' || coalesce(md5(string_agg(concat_ws('|', item_id, item_name, uid), ',' order by item_id)), '') as v from items`),
    catalogs: await q(sql`select count(*) || ':' || coalesce(md5(string_agg(concat_ws('|', cat_id, cat_name, parent_cat_id, level), ',' order by cat_id)), '') as v from catalogs`),
    pages: await q(sql`select count(*) || ':' || coalesce(md5(string_agg(concat_ws('|', page_id, cat_id, page_title, page_content), ',' order by page_id)), '') as v from pages`),
    history: await q(sql`select count(*) || ':' || coalesce(md5(string_agg(concat_ws('|', page_id, page_content, addtime), ',' order by page_id, addtime, page_content)), '') as v from page_history`),
    files: await q(sql`select count(*) || ':' || coalesce(md5(string_agg(concat_ws('|', sign, display_name, file_size, storage_key), ',' order by sign)), '') as v from attachments`),
    bindings: await q(sql`select count(*) as v from attachment_pages`),
    members: await q(sql`select count(*) as v from item_members`),
  };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdoc-resume-'));
  dbFile = path.join(dir, 'showdoc.db.php');
  uploadsDir = path.join(dir, 'Uploads');
  await buildLargeShowdocDb(dbFile, { pages: 1500, historyPerPage: 2, files: 60, uploadsDir });
});

afterAll(async () => {
  for (const db of made) await db.drop().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run import:showdoc', () => {
  it('killed with SIGKILL half-way and run again, it ends with what one clean run makes; a third run creates nothing', async () => {
    const clean = await target();
    const once = await cli(clean.env, ['--db', dbFile, '--uploads', uploadsDir]);
    expect(once.code, once.stderr).toBe(0);
    expect(once.stdout).toMatch(/page\s+1500\s+1500\s+0\s+0/);

    const resumed = await target();
    const killed = await cli(resumed.env, ['--db', dbFile, '--uploads', uploadsDir], /Importing page history/);
    expect(killed.signal).toBe('SIGKILL');
    const again = await cli(resumed.env, ['--db', dbFile, '--uploads', uploadsDir]);
    expect(again.code, again.stderr).toBe(0);
    // the pages came in before the kill: this run found them all there
    expect(again.stdout).toMatch(/page\s+1500\s+0\s+1500\s+0/);
    expect(again.stdout).toMatch(/page_history\s+3000\s+\d+\s+\d+\s+0/);

    const third = await cli(resumed.env, ['--db', dbFile, '--uploads', uploadsDir]);
    expect(third.code, third.stderr).toBe(0);
    for (const line of third.stdout.split('\n').filter((l) => /^\s{2}[a-z_]+\s+\d+/.test(l))) {
      expect(line, 'a third run imports nothing').toMatch(/^\s+\w+\s+\d+\s+0\s+\d+\s+\d+$/);
    }

    const [a, b] = [await clean.open(), await resumed.open()];
    try {
      expect(await contents(b)).toEqual(await contents(a));
    } finally {
      if (kind === 'pglite') await Promise.all([a.close(), b.close()]);
    }
  });

  it('--dry-run counts and writes nothing; bad input is refused with a clear message and nothing written', async () => {
    const t = await target();
    const dry = await cli(t.env, ['--db', dbFile, '--uploads', uploadsDir, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^Dry run: nothing was written/);
    expect(dry.stdout).toMatch(/page\s+1500\s+1500\s+0\s+0/);

    const notSqlite = path.join(dir, 'notes.txt');
    fs.writeFileSync(notSqlite, 'just some notes, not a database at all; '.repeat(10));
    const refused = await cli(t.env, ['--db', notSqlite]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('notes.txt is not a SQLite database');

    const usage = await cli(t.env, ['--db', path.join(dir, 'missing.db.php')]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('no file at');

    const db = await t.open();
    try {
      const c = await contents(db);
      expect(c.pages.startsWith('0:')).toBe(true);
      expect(c.users.startsWith('0:')).toBe(true);
    } finally {
      if (kind === 'pglite') await db.close();
    }
  });
});
