// Recovering a page from the recycle bin puts it back at the item root (cat_id 0, as ShowDoc)
// and announces it as a save (source 'recover') so menus and live documents catch up.
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { items, pages, recycle } from '../../db/schema';
import { pageColumns } from '../pages/columns';

export async function recoverPage(deps: AppDeps, itemId: number, pageId: number, uid: number): Promise<boolean> {
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .select({ id: recycle.id })
      .from(recycle)
      .where(and(eq(recycle.itemId, itemId), eq(recycle.pageId, pageId)))
      .limit(1);
    if (!entry) return undefined;
    const [page] = await tx
      .update(pages)
      .set({ isDel: 0, catId: 0, addtime: now, version: sql`${pages.version} + 1` })
      .where(and(eq(pages.pageId, pageId), eq(pages.itemId, itemId), eq(pages.isDel, 1)))
      .returning(pageColumns);
    if (!page) return undefined;
    await tx.delete(recycle).where(and(eq(recycle.itemId, itemId), eq(recycle.pageId, pageId)));
    await tx.update(items).set({ lastUpdateTime: now }).where(eq(items.itemId, itemId));
    return page;
  });
  if (!row) return false;
  deps.events.emit('page.saved', {
    itemId,
    pageId,
    uid,
    previousAuthorUid: row.authorUid,
    title: row.pageTitle,
    created: false,
    source: 'recover',
    content: row.pageContent,
    previousContent: row.pageContent,
    version: row.version,
  });
  return true;
}
