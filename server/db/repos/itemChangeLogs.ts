// An item's change log (item/getChangeLog): one row per change to a page or catalog.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { executeNamed } from '../prepared';
import { itemChangeLogs, users } from '../schema';

export type ChangeLogInsert = Omit<typeof itemChangeLogs.$inferInsert, 'id'>;

/** ShowDoc keeps the newest 300 changes of an item. */
export const CHANGES_KEPT_PER_ITEM = 300;

/**
 * Records a change and drops what falls beyond the newest CHANGES_KEPT_PER_ITEM of the item, in
 * one statement (a page save pays for it: three round trips were most of its statements). The
 * trim runs on the snapshot before the insert: the new row and the CHANGES_KEPT_PER_ITEM - 1
 * newest of the others stay. The plan does not depend on the values: a named statement.
 * Concurrent saves of one item trim the same old rows: each skips the rows another is already
 * deleting (SKIP LOCKED) instead of waiting for it — waiting made them queue, and deadlock until
 * PostgreSQL's deadlock check a second later, holding every pooled connection meanwhile.
 */
export async function record(db: DbOrTx, row: ChangeLogInsert): Promise<void> {
  await executeNamed(db, 'change_log_record', sql`
    with added as (
      insert into item_change_logs (item_id, uid, op_action_type, op_object_type, op_object_id, op_object_name, remark, optime)
      values (${row.itemId}::int, ${row.uid}::int, ${row.opActionType}::text, ${row.opObjectType}::text, ${row.opObjectId ?? 0}::int,
        ${row.opObjectName ?? ''}::text, ${row.remark ?? ''}::text, ${row.optime ?? 0}::bigint)
      returning id
    )
    delete from item_change_logs
    where id in (
      select id from item_change_logs
      where item_id = ${row.itemId}::int and id <= (
        select id from item_change_logs where item_id = ${row.itemId}::int
        order by id desc offset ${CHANGES_KEPT_PER_ITEM - 1}::int limit 1)
      for update skip locked)`);
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
