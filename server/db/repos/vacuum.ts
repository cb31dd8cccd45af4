// Changed rows and VACUUM, for the embedded database: PGlite runs PostgreSQL in single-user
// mode, which has no autovacuum, so nothing else ever reclaims what updates and deletes leave.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

export interface TableRows {
  name: string;
  live: number;
  /** rows inserted, updated or deleted since the last ANALYZE */
  changed: number;
}

/**
 * Tables changed since their last VACUUM (ANALYZE) by more rows than autovacuum's default threshold
 * (50 + 20% of the live rows). Changed rows, not dead ones, are counted: PostgreSQL's page pruning
 * frees dead versions' space and lowers the dead count, but leaves their index entries, which only
 * VACUUM removes.
 */
export async function tablesPastVacuumThreshold(db: DbOrTx): Promise<TableRows[]> {
  const res = await db.execute(sql`
    select relname as name, n_live_tup::int as live, n_mod_since_analyze::int as changed
    from pg_stat_user_tables
    where schemaname = 'public' and n_mod_since_analyze > 50 + 0.2 * n_live_tup
    order by n_mod_since_analyze desc`);
  return (res as unknown as { rows: TableRows[] }).rows;
}

/** VACUUM (ANALYZE) of one table: its dead rows and their index entries become free space, its statistics fresh. */
export async function vacuumTable(db: DbOrTx, name: string): Promise<void> {
  await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
}
