// Once per browser-suite run: a data directory whose embedded database is created and migrated,
// which every test server copies instead of creating and migrating its own (~5 s per server).
import fs from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../../../server/db/client';
import { createLogger } from '../../../server/logger';

export const E2E_DATA_TEMPLATE = path.resolve('.tmp/e2e-data-template');

export default async function setup(): Promise<void> {
  const tmp = `${E2E_DATA_TEMPLATE}.${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  const db = await openDatabase({ pgliteDir: path.join(tmp, 'db'), log: createLogger('error') });
  await migrateDatabase(db);
  await db.close();
  fs.rmSync(E2E_DATA_TEMPLATE, { recursive: true, force: true });
  fs.renameSync(tmp, E2E_DATA_TEMPLATE);
}
