// What page writes change in their item's row: its update time (item lists sort by it; menu
// caches compare it) and, for a single-page item, its name.
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items } from '../schema';
import { ITEM_TYPE } from '../../../shared/limits';

/**
 * After a save: moves last_update_time forward (never back) and names a single-page item after
 * its page (a non-empty title), in one statement that skips an item already at `now`.
 */
export async function touchForSave(db: DbOrTx, itemId: number, title: string, now: number): Promise<void> {
  await db
    .update(items)
    .set({
      lastUpdateTime: now,
      itemName: sql`case when ${items.itemType} = ${ITEM_TYPE.singlePage} and ${title} <> '' then ${title} else ${items.itemName} end`,
    })
    .where(and(eq(items.itemId, itemId), or(lt(items.lastUpdateTime, now), eq(items.itemType, ITEM_TYPE.singlePage))));
}

/** Sets last_update_time (deleting and recovering pages, inside their transaction). */
export async function setUpdateTime(db: DbOrTx, itemId: number, now: number): Promise<void> {
  await db.update(items).set({ lastUpdateTime: now }).where(eq(items.itemId, itemId));
}
