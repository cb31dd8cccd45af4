// Catalogs: the SQL of the catalogs area.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { catalogs } from '../schema';

/** every catalog of an item with its parent (0 at the top level) */
export function parentsOfItem(db: DbOrTx, itemId: number): Promise<{ catId: number; parent: number }[]> {
  return db.select({ catId: catalogs.catId, parent: catalogs.parentCatId }).from(catalogs).where(eq(catalogs.itemId, itemId));
}
