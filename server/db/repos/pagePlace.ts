// Where a live page stands, for access decisions (its item and catalog): no content, no search
// vector. Rooms and co-editing connections ask this on every join and re-check.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pages } from '../schema';

export interface PagePlaceRow {
  pageId: number;
  itemId: number;
  catId: number;
}

/** a live (not deleted) page's item and catalog */
export async function findLivePagePlace(db: DbOrTx, pageId: number): Promise<PagePlaceRow | undefined> {
  const [row] = await db
    .select({ pageId: pages.pageId, itemId: pages.itemId, catId: pages.catId })
    .from(pages)
    .where(and(eq(pages.pageId, pageId), eq(pages.isDel, 0)))
    .limit(1);
  return row;
}

/** the first live page of an item (a single-page or table item's one page) */
export async function firstLivePageOfItem(db: DbOrTx, itemId: number): Promise<PagePlaceRow | undefined> {
  const [row] = await db
    .select({ pageId: pages.pageId, itemId: pages.itemId, catId: pages.catId })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0)))
    .orderBy(pages.pageId)
    .limit(1);
  return row;
}
