// catalog/delete: removes a catalog and everything below it; their live pages go to the
// recycle bin with who deleted them and when, and lose their edit locks (as page deletion
// does, showdoc-behaviour §7.1).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { catalogs, pageLocks, pages, recycle } from '../../db/schema';
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
  const now = deps.now();
  const deleted = await deps.db.transaction(async (tx) => {
    const gone = await tx
      .update(pages)
      .set({ isDel: 1, addtime: now, version: sql`${pages.version} + 1` })
      .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0), inArray(pages.catId, ids)))
      .returning({ pageId: pages.pageId, pageTitle: pages.pageTitle });
    for (let i = 0; i < gone.length; i += 500) {
      await tx.insert(recycle).values(
        gone.slice(i, i + 500).map((p) => ({
          itemId,
          pageId: p.pageId,
          pageTitle: p.pageTitle,
          delByUid: by.uid,
          delByUsername: by.username,
          delTime: now,
        })),
      );
    }
    const pageIds = gone.map((p) => p.pageId);
    for (let i = 0; i < pageIds.length; i += 1000) await tx.delete(pageLocks).where(inArray(pageLocks.pageId, pageIds.slice(i, i + 1000)));
    await tx.delete(catalogs).where(and(eq(catalogs.itemId, itemId), inArray(catalogs.catId, ids)));
    await markItemUpdated(tx, itemId, now);
    return gone.map((p) => p.pageId);
  });
  for (const pageId of deleted) deps.events.emit('page.deleted', { itemId, pageId });
  deps.events.emit('catalog.changed', { itemId });
  return deleted;
}
