// A user's drag order of their item list (item/sort), one row per list group.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemSort } from '../schema';
import { firstValue } from './rows';

/** {item_id: position} saved for this user and list group, or undefined when never sorted. */
export async function findOrder(db: DbOrTx, uid: number, groupId: number): Promise<Record<string, number> | undefined> {
  return firstValue(db, itemSort.itemSortData, and(eq(itemSort.uid, uid), eq(itemSort.itemGroupId, groupId)));
}

export async function saveOrder(db: DbOrTx, uid: number, groupId: number, order: Record<string, number>, now: number): Promise<void> {
  await db
    .insert(itemSort)
    .values({ uid, itemGroupId: groupId, itemSortData: order, addtime: now })
    .onConflictDoUpdate({ target: [itemSort.uid, itemSort.itemGroupId], set: { itemSortData: order, addtime: now } });
}
