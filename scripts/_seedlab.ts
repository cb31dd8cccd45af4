import { loadConfig } from '../server/config';
import { createDeps } from '../server/deps';
import { createLogger } from '../server/logger';
import { openTarget } from './bench/database';
import { seed } from './bench/seed';
async function main() {
  const database = await openTarget({ kind: 'postgres', url: process.env.LAB_URL }, true);
  const s = await seed(createDeps(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' }), database.db, database.kind, createLogger('error')));
  console.log(JSON.stringify(s).slice(0, 200));
  await database.close();
}
void main();
