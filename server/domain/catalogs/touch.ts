// Catalog writes bump the item's last_update_time: it orders "recently updated" lists and tells
// other nodes' menu caches (domain/items/menuCache) that the tree changed.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { items } from '../../db/schema';

/** Inside the catalog write's transaction, unconditionally (page saves use pages/touchItem.ts, throttled). */
export async function markItemUpdated(db: DbOrTx, itemId: number, now: number): Promise<void> {
  await db.update(items).set({ lastUpdateTime: now }).where(eq(items.itemId, itemId));
}
