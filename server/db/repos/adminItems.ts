// Items as the admin console sees them: every item of the site, live or deleted, with its owner.
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemMembers, items, users } from '../schema';
import { escapeLike } from '../like';
import { anyRow } from './rows';

export type ItemRow = typeof items.$inferSelect;

export interface ItemSearch {
  itemName: string;
  username: string;
  /** 0 live items, 1 deleted items */
  isDel: 0 | 1;
  limit: number;
  offset: number;
}

export interface ListedItem {
  item: ItemRow;
  /** the owner's display name (null when the owner is gone) */
  ownerName: string | null;
  memberCount: number;
}

/** A page of items, newest first, with their owner's name and member count, and how many match. */
export async function search(db: DbOrTx, q: ItemSearch): Promise<{ total: number; rows: ListedItem[] }> {
  const conds: SQL[] = [eq(items.isDel, q.isDel)];
  if (q.itemName) conds.push(ilike(items.itemName, `%${escapeLike(q.itemName)}%`));
  if (q.username) conds.push(ilike(items.username, `%${escapeLike(q.username)}%`));
  const where = and(...conds);
  const [{ n }] = await db.select({ n: count() }).from(items).where(where);
  const rows = await db
    .select({ item: items, ownerName: users.name })
    .from(items)
    .leftJoin(users, eq(users.uid, items.uid))
    .where(where)
    .orderBy(desc(items.addtime), desc(items.itemId))
    .limit(q.limit)
    .offset(q.offset);
  const ids = rows.map((r) => r.item.itemId);
  const members = ids.length
    ? await db
        .select({ itemId: itemMembers.itemId, n: count() })
        .from(itemMembers)
        .where(inArray(itemMembers.itemId, ids))
        .groupBy(itemMembers.itemId)
    : [];
  const memberNum = new Map(members.map((m) => [m.itemId, Number(m.n)]));
  return { total: Number(n), rows: rows.map((r) => ({ ...r, memberCount: memberNum.get(r.item.itemId) ?? 0 })) };
}

/** an item that is live (0) or deleted (1) */
export async function findByState(db: DbOrTx, itemId: number, isDel: 0 | 1): Promise<ItemRow | undefined> {
  const [it] = await db.select().from(items).where(and(eq(items.itemId, itemId), eq(items.isDel, isDel)));
  return it;
}

/** Soft delete (isDel 1 at `delTime`) or recovery (0, 0). */
export async function setDeleted(db: DbOrTx, itemId: number, isDel: 0 | 1, delTime: number): Promise<void> {
  await db.update(items).set({ isDel, delTime }).where(eq(items.itemId, itemId));
}

/**
 * Gives a live item of `fromUid` to another user; the new owner's own membership row would only
 * shadow the ownership and goes. False when the item changed owner or was deleted meanwhile.
 */
export async function transfer(tx: DbOrTx, itemId: number, fromUid: number, to: { uid: number; username: string }, now: number): Promise<boolean> {
  const moved = await tx
    .update(items)
    .set({ uid: to.uid, username: to.username, lastUpdateTime: now })
    .where(and(eq(items.itemId, itemId), eq(items.uid, fromUid), eq(items.isDel, 0)))
    .returning({ itemId: items.itemId });
  if (!moved.length) return false;
  await tx.delete(itemMembers).where(and(eq(itemMembers.itemId, itemId), eq(itemMembers.uid, to.uid)));
  return true;
}

export function liveExists(db: DbOrTx, itemId: number): Promise<boolean> {
  return anyRow(db, items, and(eq(items.itemId, itemId), eq(items.isDel, 0)));
}
