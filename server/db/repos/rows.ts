// What every repository does: look up the one row a condition picks, ask whether there is any,
// delete what a condition picks and tell whether there was anything.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';

/** The first row of `table` that `where` picks, every column (undefined when there is none). */
export async function firstRow<T extends PgTable>(db: DbOrTx, table: T, where: SQL | undefined): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db.select().from(table as PgTable).where(where).limit(1);
  return row as T['$inferSelect'] | undefined;
}

/** One column of the first row that `where` picks in the column's table (undefined when there is none). */
export async function firstValue<C extends PgColumn>(db: DbOrTx, column: C, where: SQL | undefined): Promise<C['_']['data'] | undefined> {
  const [row] = await db.select({ value: column }).from(column.table as PgTable).where(where).limit(1);
  return row?.value as C['_']['data'] | undefined;
}

/** Whether `table` has a row that `where` picks. */
export async function anyRow(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(table).where(where).limit(1);
  return !!row;
}

/** Deletes the rows of `table` that `where` picks; whether there were any. */
export async function deleteAny(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const gone = await db.delete(table).where(where).returning({ one: sql<number>`1` });
  return gone.length > 0;
}
