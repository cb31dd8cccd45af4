// Lookups every repository makes: the one row a condition picks, and whether there is any.
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';

/** The first row of `table` that `where` picks, every column (undefined when there is none). */
export async function firstRow<T extends PgTable>(db: DbOrTx, table: T, where: SQL | undefined): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db.select().from(table as PgTable).where(where).limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** Whether `table` has a row that `where` picks. */
export async function anyRow(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(table).where(where).limit(1);
  return !!row;
}
