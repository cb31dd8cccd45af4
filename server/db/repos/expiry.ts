// Rows that carry an expiry (expires_at, unix seconds): captchas, download tickets, login tokens,
// mail tokens. A row is live while now < expires_at.
import { gt, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';

export type ExpiringTable = PgTable & { expiresAt: PgColumn };

/** Deletes the rows of `table` whose expiry passed before `now`. */
export async function deleteExpired(db: DbOrTx, table: ExpiringTable, now: number): Promise<void> {
  await db.delete(table).where(lt(table.expiresAt, now));
}

/** Stores a row; the rows of `table` whose expiry passed go on the way. */
export async function insertClearingExpired<T extends ExpiringTable>(db: DbOrTx, table: T, row: T['$inferInsert'], now: number): Promise<void> {
  await deleteExpired(db, table, now);
  await db.insert(table).values(row);
}

/** The condition "this row has not expired at `now`". */
export function unexpired(table: ExpiringTable, now: number): SQL {
  return gt(table.expiresAt, now);
}
