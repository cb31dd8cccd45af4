// Catalog writes bump the item's last_update_time: it orders "recently updated" lists and tells
// other nodes' menu caches (domain/items/menuCache) that the tree changed.
import type { DbOrTx } from '../../db/client';
import { touchUpdated } from '../../db/repos/items';

/** Inside the catalog write's transaction, unconditionally (page saves use pages/touchItem.ts, throttled). */
export async function markItemUpdated(db: DbOrTx, itemId: number, now: number): Promise<void> {
  await touchUpdated(db, itemId, now);
}
