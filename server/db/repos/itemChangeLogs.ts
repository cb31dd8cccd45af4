// An item's change log (item/getChangeLog): one row per change to a page or catalog.
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemChangeLogs, users } from '../schema';

export type ChangeLogInsert = Omit<typeof itemChangeLogs.$inferInsert, 'id'>;

/** ShowDoc keeps the newest 300 changes of an item. */
export const CHANGES_KEPT_PER_ITEM = 300;

/** Records a change and drops what falls beyond the newest CHANGES_KEPT_PER_ITEM of the item. */
export async function record(db: DbOrTx, row: ChangeLogInsert): Promise<void> {
  const [{ id }] = (await db.insert(itemChangeLogs).values(row).returning({ id: itemChangeLogs.id })) as [{ id: number }];
  // ids grow: the oldest kept row is the one CHANGES_KEPT_PER_ITEM - 1 places below the new one
  if (id <= CHANGES_KEPT_PER_ITEM) return;
  const [oldestKept] = await db
    .select({ id: itemChangeLogs.id })
    .from(itemChangeLogs)
    .where(eq(itemChangeLogs.itemId, row.itemId))
    .orderBy(desc(itemChangeLogs.id))
    .offset(CHANGES_KEPT_PER_ITEM - 1)
    .limit(1);
  if (oldestKept) await db.delete(itemChangeLogs).where(and(eq(itemChangeLogs.itemId, row.itemId), lt(itemChangeLogs.id, oldestKept.id)));
}

export interface ChangeLogRow {
  id: number;
  itemId: number;
  uid: number;
  opActionType: string;
  opObjectType: string;
  opObjectId: number;
  opObjectName: string;
  remark: string;
  optime: number;
  /** '' when the user is gone (or for the open API) */
  username: string;
  name: string;
}

/** One page of the item's changes, newest first, with who made them. */
export async function pageOf(db: DbOrTx, itemId: number, page: number, perPage: number): Promise<{ total: number; rows: ChangeLogRow[] }> {
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(itemChangeLogs).where(eq(itemChangeLogs.itemId, itemId)),
    db
      .select({
        id: itemChangeLogs.id,
        itemId: itemChangeLogs.itemId,
        uid: itemChangeLogs.uid,
        opActionType: itemChangeLogs.opActionType,
        opObjectType: itemChangeLogs.opObjectType,
        opObjectId: itemChangeLogs.opObjectId,
        opObjectName: itemChangeLogs.opObjectName,
        remark: itemChangeLogs.remark,
        optime: itemChangeLogs.optime,
        username: sql<string>`coalesce(${users.username}, '')`,
        name: sql<string>`coalesce(${users.name}, '')`,
      })
      .from(itemChangeLogs)
      .leftJoin(users, eq(users.uid, itemChangeLogs.uid))
      .where(eq(itemChangeLogs.itemId, itemId))
      .orderBy(desc(itemChangeLogs.id))
      .offset((page - 1) * perPage)
      .limit(perPage),
  ]);
  return { total: Number(totalRow?.n ?? 0), rows };
}
