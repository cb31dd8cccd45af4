// An item's change log (item/getChangeLog): one row per change to a page or catalog.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { executeNamed } from '../prepared';
import { itemChangeLogs, users } from '../schema';

export type ChangeLogInsert = Omit<typeof itemChangeLogs.$inferInsert, 'id'>;

/** ShowDoc keeps the newest 300 changes of an item. */
export const CHANGES_KEPT_PER_ITEM = 300;

/** the most entries one statement writes (a batch never trims an item below 200 older ones) */
export const CHANGES_PER_STATEMENT = 100;

/**
 * Records changes in one statement (page saves log in batches: a statement per save cost a
 * quarter of the save) and trims each item in `trim` to the newest CHANGES_KEPT_PER_ITEM, these
 * rows counted. The trim runs on the snapshot before the insert, so it keeps as many older rows as
 * the item's new ones leave room for. Entries travel as one JSON parameter: the statement's text
 * never changes (a named statement). Concurrent trims of one item skip the rows another is already
 * deleting (SKIP LOCKED) instead of waiting for it: waiting made them queue, and deadlock until
 * PostgreSQL's deadlock check a second later, holding every pooled connection meanwhile.
 */
export async function recordMany(db: DbOrTx, rows: ChangeLogInsert[], trim: number[]): Promise<void> {
  if (rows.length > CHANGES_PER_STATEMENT) throw new Error(`at most ${CHANGES_PER_STATEMENT} change log entries per statement`);
  const entries = rows.map((r, n) => ({
    n,
    item_id: r.itemId,
    uid: r.uid,
    op_action_type: r.opActionType,
    op_object_type: r.opObjectType,
    op_object_id: r.opObjectId ?? 0,
    op_object_name: r.opObjectName ?? '',
    remark: r.remark ?? '',
    optime: r.optime ?? 0,
  }));
  const trims = [...new Set(trim)].map((itemId) => ({ item_id: itemId, older: CHANGES_KEPT_PER_ITEM - rows.filter((r) => r.itemId === itemId).length }));
  await executeNamed(db, 'change_log_record_many', sql`
    with added as (
      insert into item_change_logs (item_id, uid, op_action_type, op_object_type, op_object_id, op_object_name, remark, optime)
      select e.item_id, e.uid, e.op_action_type, e.op_object_type, e.op_object_id, e.op_object_name, e.remark, e.optime
      from json_to_recordset(${JSON.stringify(entries)}::json) as e(n int, item_id int, uid int, op_action_type text,
        op_object_type text, op_object_id int, op_object_name text, remark text, optime bigint)
      order by e.n
      returning id
    )
    delete from item_change_logs l
    where l.id in (
      select old.id from json_to_recordset(${JSON.stringify(trims)}::json) as t(item_id int, older int)
      cross join lateral (select edge.id from item_change_logs edge where edge.item_id = t.item_id
        order by edge.id desc offset t.older limit 1) oldest_dropped
      join item_change_logs old on old.item_id = t.item_id and old.id <= oldest_dropped.id
      for update of old skip locked)`);
}

/** One change, trimming its item (tests; the app writes through the change log's writer). */
export function record(db: DbOrTx, row: ChangeLogInsert): Promise<void> {
  return recordMany(db, [row], [row.itemId]);
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
  // trims come in steps (changeLog/writer.ts): a few rows past the newest CHANGES_KEPT_PER_ITEM
  // may wait for the next one, and are not shown meanwhile
  const offset = (page - 1) * perPage;
  const limit = Math.min(perPage, CHANGES_KEPT_PER_ITEM - offset);
  if (limit <= 0) {
    const [totalRow] = await db.select({ n: count() }).from(itemChangeLogs).where(eq(itemChangeLogs.itemId, itemId));
    return { total: Math.min(CHANGES_KEPT_PER_ITEM, Number(totalRow?.n ?? 0)), rows: [] };
  }
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
      .offset(offset)
      .limit(limit),
  ]);
  return { total: Math.min(CHANGES_KEPT_PER_ITEM, Number(totalRow?.n ?? 0)), rows };
}
