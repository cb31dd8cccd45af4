// Pages as item/info's menu and the catalog screens list them: live pages without their content.
// item/info is the hottest read (DESIGN §7): one statement, its result cached by domain/items/menuCache.
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pages } from '../schema';
import { escapeLike } from '../like';
import type { PageHeading } from './pages';

export interface MenuPageRow extends PageHeading {
  extInfo: string;
}

const menuColumns = {
  pageId: pages.pageId,
  itemId: pages.itemId,
  catId: pages.catId,
  pageTitle: pages.pageTitle,
  sNumber: pages.sNumber,
  authorUid: pages.authorUid,
  authorUsername: pages.authorUsername,
  addtime: pages.addtime,
  extInfo: pages.extInfo,
};

/** An item's live pages in menu order (s_number, page_id); with a keyword only those whose title or content has it. */
export function menuPagesOfItem(db: DbOrTx, itemId: number, keyword = ''): Promise<MenuPageRow[]> {
  const live = and(eq(pages.itemId, itemId), eq(pages.isDel, 0));
  const where = keyword
    ? and(live, or(ilike(pages.pageTitle, `%${escapeLike(keyword)}%`), ilike(pages.pageContent, `%${escapeLike(keyword)}%`)))
    : live;
  return db.select(menuColumns).from(pages).where(where).orderBy(asc(pages.sNumber), asc(pages.pageId));
}

/** A catalog's live pages (0 = the item root) in menu order: catalog/getPagesBycat. */
export function pagesOfCatalog(db: DbOrTx, itemId: number, catId: number): Promise<{ pageId: number; pageTitle: string; sNumber: number }[]> {
  return db
    .select({ pageId: pages.pageId, pageTitle: pages.pageTitle, sNumber: pages.sNumber })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.catId, catId), eq(pages.isDel, 0)))
    .orderBy(asc(pages.sNumber), asc(pages.pageId));
}
