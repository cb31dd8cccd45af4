// Items: the SQL of the items area. Items are found by numeric id or personal domain; deleted
// ones (is_del = 1, in the recycle period) are not "live".
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items } from '../schema';
import { anyRow, firstRow } from './rows';

export type ItemRow = typeof items.$inferSelect;
export type NewItemRow = Omit<typeof items.$inferInsert, 'itemId'>;

/** a live item by id */
export function findLiveById(db: DbOrTx, itemId: number): Promise<ItemRow | undefined> {
  return firstRow(db, items, and(eq(items.itemId, itemId), eq(items.isDel, 0)));
}

/** a live item by personal domain */
export function findLiveByDomain(db: DbOrTx, domain: string): Promise<ItemRow | undefined> {
  return firstRow(db, items, and(eq(items.itemDomain, domain), eq(items.isDel, 0)));
}

/** Whether a personal domain is used by any item (deleted ones too; case-insensitive), other than `exceptItemId`. */
export function domainTaken(db: DbOrTx, domain: string, exceptItemId = 0): Promise<boolean> {
  const same = sql`lower(${items.itemDomain}) = ${domain.toLowerCase()}`;
  return anyRow(db, items, exceptItemId ? and(same, ne(items.itemId, exceptItemId)) : same);
}

/** Live items the user owns or whose id is in `itemIds`, in item_id order. */
export function liveItemsOwnedOrIn(db: DbOrTx, uid: number, itemIds: number[]): Promise<ItemRow[]> {
  const where = itemIds.length ? and(eq(items.isDel, 0), or(eq(items.uid, uid), inArray(items.itemId, itemIds))) : and(eq(items.isDel, 0), eq(items.uid, uid));
  return db.select().from(items).where(where).orderBy(asc(items.itemId));
}

export async function insertItem(db: DbOrTx, row: NewItemRow): Promise<ItemRow> {
  const [created] = await db.insert(items).values(row).returning();
  return created;
}

export interface ItemFields {
  itemName: string;
  itemDescription: string;
  itemDomain: string;
  password: string;
  allowComment: number;
  allowFeedback: number;
}

/** Sets name, description, domain and password hash; returns the stored row. */
export async function updateFields(db: DbOrTx, itemId: number, fields: ItemFields, now: number): Promise<ItemRow> {
  const [row] = await db
    .update(items)
    .set({ ...fields, lastUpdateTime: now })
    .where(eq(items.itemId, itemId))
    .returning();
  return row;
}

/** Soft delete: the item goes to the recycle period (purged later by housekeeping). */
export async function markDeleted(db: DbOrTx, itemId: number, now: number): Promise<void> {
  await db.update(items).set({ isDel: 1, delTime: now, lastUpdateTime: now }).where(eq(items.itemId, itemId));
}

export async function markArchived(db: DbOrTx, itemId: number, now: number): Promise<void> {
  await db.update(items).set({ isArchived: 1, lastUpdateTime: now }).where(eq(items.itemId, itemId));
}

export async function setOwner(db: DbOrTx, itemId: number, to: { uid: number; username: string }, now: number): Promise<ItemRow> {
  const [row] = await db.update(items).set({ uid: to.uid, username: to.username, lastUpdateTime: now }).where(eq(items.itemId, itemId)).returning();
  return row;
}

/** Bumps last_update_time unconditionally (catalog writes; page saves throttle theirs). */
export async function touchUpdated(db: DbOrTx, itemId: number, now: number): Promise<void> {
  await db.update(items).set({ lastUpdateTime: now }).where(eq(items.itemId, itemId));
}
