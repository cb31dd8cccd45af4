// The bench's export worker: runs one export job (the real job handler, as `npm run workers`
// runs it) over the seeded database in its own process, so the bench can time it and read the
// process's peak RSS. Prints 'ready' once the database is open, then {ms, pages, bytes, runs}.
// With BENCH_EXPORT_FOR=<seconds> it exports again and again for that long (the load beside which
// page/info's latency is measured).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { createDeps } from '../../server/deps';
import { createLogger } from '../../server/logger';
import { exportHandlers } from '../../workers/exportJobs';
import type { JobContext } from '../../server/jobs/types';
import { openTarget, type Target } from './database';
import { lowerPriority } from '../../workers/lowerPriority';

async function main(): Promise<void> {
  // as `npm run workers` does
  lowerPriority();
  const [targetJson, kind, uid, itemId] = process.argv.slice(2);
  const database = await openTarget(JSON.parse(targetJson) as Target, false);
  const deps = createDeps({ ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' }), rateLimitPerMinute: 0 }, database.db, database.kind, createLogger('error'));
  const handler = exportHandlers[kind as keyof typeof exportHandlers];
  process.stdout.write('ready\n');
  const until = Date.now() + Number(process.env.BENCH_EXPORT_FOR || 0) * 1000;
  let runs = 0;
  let last = { ms: 0, pages: 0, bytes: 0 };
  do {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-export-'));
    const ctx: JobContext = {
      jobId: `bench-${runs}`,
      uid: Number(uid),
      attempt: 1,
      progress: async () => {},
      signal: new AbortController().signal,
      scratchPath: (name) => path.join(dir, name),
    };
    const started = performance.now();
    const result = await handler(deps, { itemId: Number(itemId), lang: 'en' }, ctx);
    last = { ms: Math.round(performance.now() - started), pages: (result.summary as { pages: number }).pages, bytes: fs.statSync(result.file!.path).size };
    fs.rmSync(dir, { recursive: true, force: true });
    runs++;
  } while (Date.now() < until);
  process.stdout.write(JSON.stringify({ ...last, runs }) + '\n');
  await database.close();
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench export failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
