// Once per run: a migrated PGlite data dir dumped to .tmp, so each test file starts from it
// instead of running every migration again.
import fs from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { createLogger } from '../../server/logger';

export default async function setup(): Promise<void> {
  const out = path.resolve('.tmp/pglite-template.tar.gz');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const tmp = out + '.' + process.pid;
  const db = await openDatabase({ log: createLogger('error') });
  await migrateDatabase(db);
  const { PGlite } = await import('@electric-sql/pglite');
  void PGlite;
  const client = (db.db as any).$client as import('@electric-sql/pglite').PGlite;
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, out);
  await db.close();
}
