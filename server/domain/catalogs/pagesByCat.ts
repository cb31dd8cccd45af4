// catalog/getPagesBycat: a catalog's live pages (0 = the item root) in menu order.
import type { DbOrTx } from '../../db/client';
import { pagesOfCatalog as livePagesOfCatalog } from '../../db/repos/menus';

export function pagesOfCatalog(db: DbOrTx, itemId: number, catId: number) {
  return livePagesOfCatalog(db, itemId, catId);
}
