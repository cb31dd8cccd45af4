// catalog/getPagesBycat: a catalog's live pages (0 = the item root) in menu order.
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pages } from '../../db/schema';

export async function pagesOfCatalog(db: DbOrTx, itemId: number, catId: number) {
  return db
    .select({ pageId: pages.pageId, pageTitle: pages.pageTitle, sNumber: pages.sNumber })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.catId, catId), eq(pages.isDel, 0)))
    .orderBy(asc(pages.sNumber), asc(pages.pageId));
}
