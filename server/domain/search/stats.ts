// The planner needs fresh statistics on pages to choose between walking the item's pages in
// order (common words) and the GIN index (rare words). PostgreSQL's autovacuum gets there in
// time; embedded PGlite has no autovacuum. So searches check, at most every 30 s per process,
// whether many pages changed since the last ANALYZE and refresh the statistics then.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

const CHECK_EVERY_MS = 30_000;
const lastCheck = new WeakMap<object, number>();

export async function keepPageStatsFresh(db: DbOrTx): Promise<void> {
  if (Date.now() - (lastCheck.get(db) ?? 0) < CHECK_EVERY_MS) return;
  lastCheck.set(db, Date.now());
  const res = await db.execute(sql`
    select n_live_tup::int as live, n_mod_since_analyze::int as changed from pg_stat_user_tables
    where relname = 'pages' and schemaname = current_schema()`);
  const row = (res as unknown as { rows: { live: number; changed: number }[] }).rows[0];
  if (row && row.changed > 500 && row.changed > row.live * 0.1) await db.execute(sql`analyze pages`);
}
