// catalog/delete: removes a catalog and everything below it; their live pages go to the
// recycle bin with who deleted them and when, and lose their edit locks (as page deletion
// does, showdoc-behaviour §7.1).
import type { AppDeps } from '../../deps';
import * as catalogRepo from '../../db/repos/catalogs';
import * as catalogPages from '../../db/repos/catalogPages';
import { markItemUpdated } from './touch';
import { ancestry, loadCatalogs, subtreeIds } from './tree';
import { catalogNotInItem, outsideLimit, type TopAllowed } from './errors';

export interface Deleter {
  uid: number;
  username: string;
}

/** Returns the ids of the pages moved to the recycle bin. */
export async function deleteCatalog(deps: AppDeps, itemId: number, catId: number, by: Deleter, topAllowed: TopAllowed): Promise<number[]> {
  const rows = await loadCatalogs(deps.db, itemId);
  if (!rows.some((r) => r.catId === catId)) throw catalogNotInItem(catId);
  if (!topAllowed(ancestry(rows, catId)[0]?.catId ?? 0)) throw outsideLimit();
  const ids = subtreeIds(rows, catId);
  const name = rows.find((r) => r.catId === catId)!.catName;
  const now = deps.now();
  const deleted = await deps.db.transaction(async (tx) => {
    const gone = await catalogPages.markDeletedUnder(tx, itemId, ids, now);
    await catalogPages.insertRecycleEntries(
      tx,
      gone.map((p) => ({ itemId, pageId: p.pageId, pageTitle: p.pageTitle, delByUid: by.uid, delByUsername: by.username, delTime: now })),
    );
    const pageIds = gone.map((p) => p.pageId);
    await catalogPages.dropLocks(tx, pageIds);
    await catalogRepo.deleteInItem(tx, itemId, ids);
    await markItemUpdated(tx, itemId, now);
    return gone.map((p) => p.pageId);
  });
  for (const pageId of deleted) deps.events.emit('page.deleted', { itemId, pageId });
  deps.events.emit('catalog.changed', { itemId, edit: { uid: by.uid, action: 'delete', object: 'catalog', id: catId, name } });
  return deleted;
}
