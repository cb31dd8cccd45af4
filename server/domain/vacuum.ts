// The embedded database's autovacuum: PGlite has none (single-user PostgreSQL), so without this
// every page save, history trim and deleted row would leave its dead version and index entries
// behind for good, and a busy embedded install would only grow and slow. The schedule vacuums the
// tables past autovacuum's own threshold. A VACUUM holds the one connection while it runs (a table
// at a time, from the one with most dead rows); PostgreSQL servers have autovacuum and skip this.
import type { AppDeps } from '../deps';
import * as vacuumRepo from '../db/repos/vacuum';

/** Vacuums the tables that need it; returns their names (none on PostgreSQL, whose autovacuum does it). */
export async function vacuumEmbeddedDatabase(deps: Pick<AppDeps, 'db' | 'dbKind' | 'log'>): Promise<string[]> {
  if (deps.dbKind !== 'pglite') return [];
  const tables = await vacuumRepo.tablesPastVacuumThreshold(deps.db);
  for (const t of tables) {
    const started = Date.now();
    await vacuumRepo.vacuumTable(deps.db, t.name);
    deps.log.info('vacuumed a table of the embedded database', { table: t.name, changedRows: t.changed, ms: Date.now() - started });
  }
  return tables.map((t) => t.name);
}
