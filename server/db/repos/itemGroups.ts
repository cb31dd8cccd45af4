// A user's item groups (itemGroup/*): tabs above their item list, each naming some items.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemGroups, itemSort } from '../schema';
import { firstRow } from './rows';

export type ItemGroupRow = typeof itemGroups.$inferSelect;

/** The user's groups in their tab order. */
export function listOfUser(db: DbOrTx, uid: number): Promise<ItemGroupRow[]> {
  return db.select().from(itemGroups).where(eq(itemGroups.uid, uid)).orderBy(asc(itemGroups.sNumber), asc(itemGroups.id));
}

/** The group, only when it is this user's. */
export function findOfUser(db: DbOrTx, uid: number, id: number): Promise<ItemGroupRow | undefined> {
  return firstRow(db, itemGroups, and(eq(itemGroups.id, id), eq(itemGroups.uid, uid)));
}

export async function insert(db: DbOrTx, row: { uid: number; groupName: string; itemIds: number[]; sNumber: number; now: number }): Promise<ItemGroupRow> {
  const [created] = await db
    .insert(itemGroups)
    .values({ uid: row.uid, groupName: row.groupName, itemIds: row.itemIds, sNumber: row.sNumber, createdAt: row.now, updatedAt: row.now })
    .returning();
  return created!;
}

/** Renames the user's group and sets its items; undefined when it is not theirs. */
export async function updateOfUser(db: DbOrTx, uid: number, id: number, set: { groupName: string; itemIds: number[]; now: number }): Promise<ItemGroupRow | undefined> {
  const [row] = await db
    .update(itemGroups)
    .set({ groupName: set.groupName, itemIds: set.itemIds, updatedAt: set.now })
    .where(and(eq(itemGroups.id, id), eq(itemGroups.uid, uid)))
    .returning();
  return row;
}

export async function setItemIds(db: DbOrTx, uid: number, id: number, itemIds: number[], now: number): Promise<void> {
  await db.update(itemGroups).set({ itemIds, updatedAt: now }).where(and(eq(itemGroups.id, id), eq(itemGroups.uid, uid)));
}

export async function setPosition(db: DbOrTx, uid: number, id: number, sNumber: number): Promise<void> {
  await db.update(itemGroups).set({ sNumber }).where(and(eq(itemGroups.id, id), eq(itemGroups.uid, uid)));
}

/** Deletes the user's group and the drag order saved for its tab; whether it was theirs. */
export async function deleteOfUser(db: DbOrTx, uid: number, id: number): Promise<boolean> {
  const gone = await db.delete(itemGroups).where(and(eq(itemGroups.id, id), eq(itemGroups.uid, uid))).returning({ id: itemGroups.id });
  if (!gone.length) return false;
  await db.delete(itemSort).where(and(eq(itemSort.uid, uid), eq(itemSort.itemGroupId, id)));
  return true;
}

/** Position after the user's last group (new groups go to the end). */
export async function nextPosition(db: DbOrTx, uid: number): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${itemGroups.sNumber})` }).from(itemGroups).where(eq(itemGroups.uid, uid));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}
