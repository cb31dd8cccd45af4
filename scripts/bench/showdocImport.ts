// The ShowDoc import (#21) timed as an operator runs it: `npm run import:showdoc` in its own
// process into an empty database, with a database of 10,000 pages, 20,000 history rows and 1,000
// attachments (built once into .tmp/bench-showdoc). Judged on the seconds the import itself
// reports (opening and migrating the database are not the import); the process's wall time is noted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildLargeShowdocDb } from '../../test/fixtures/showdoc/buildLargeShowdocDb';
import { createTarget, type Kind } from './database';

export const SHOWDOC_IMPORT = 'ShowDoc import (10,000 pages, 20,000 history rows, 1,000 attachments)';
export const SHOWDOC_IMPORT_SECONDS = 60;

const FIXTURE = path.resolve('.tmp/bench-showdoc');

async function fixture(): Promise<{ db: string; uploads: string }> {
  const db = path.join(FIXTURE, 'showdoc.db.php');
  const uploads = path.join(FIXTURE, 'Uploads');
  if (!fs.existsSync(db)) {
    fs.mkdirSync(FIXTURE, { recursive: true });
    await buildLargeShowdocDb(db + '.part', { pages: 10_000, historyPerPage: 2, files: 1_000, uploadsDir: uploads });
    fs.renameSync(db + '.part', db);
  }
  return { db, uploads };
}

export async function timeShowdocImport(kind: Kind): Promise<{ seconds: number; wall: number; note: string }> {
  const { db, uploads } = await fixture();
  const { target, drop } = await createTarget(kind);
  const dataDir = fs.mkdtempSync(path.join(path.resolve('.tmp'), 'bench-showdoc-data-'));
  try {
    const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error', DATA_DIR: kind === 'pglite' ? target.dir! : dataDir, DATABASE_URL: kind === 'postgres' ? target.url! : '' };
    const started = performance.now();
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/importShowdoc.ts', '--db', db, '--uploads', uploads], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}: ${stderr.slice(-300)}`))));
    });
    const wall = (performance.now() - started) / 1000;
    const m = /Imported in ([\d.]+) s/.exec(out);
    const pages = /\n\s+page\s+\d+\s+(\d+)/.exec(out)?.[1];
    const history = /\n\s+page_history\s+\d+\s+(\d+)/.exec(out)?.[1];
    const files = /\n\s+upload_file\s+\d+\s+(\d+)/.exec(out)?.[1];
    if (!m || pages !== '10000' || history !== '20000' || files !== '1000') throw new Error(`unexpected report: ${out.slice(0, 400)}`);
    return { seconds: Number(m[1]), wall, note: `${pages} pages, ${history} history rows, ${files} files; process ${wall.toFixed(1)} s with start-up` };
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
