// Deleting a page moves it to the recycle bin: is_del = 1, addtime = deletion time (ShowDoc),
// and a recycle row naming who deleted it and when. Its edit locks go with it.
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { items, pageLocks, pages, recycle } from '../../db/schema';

export async function deletePage(deps: AppDeps, page: { pageId: number; itemId: number; pageTitle: string }, by: { uid: number; username: string }): Promise<boolean> {
  const now = deps.now();
  const done = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(pages)
      .set({ isDel: 1, addtime: now, version: sql`${pages.version} + 1` })
      .where(and(eq(pages.pageId, page.pageId), eq(pages.itemId, page.itemId), eq(pages.isDel, 0)))
      .returning({ id: pages.pageId });
    if (!rows.length) return false;
    await tx.insert(recycle).values({
      itemId: page.itemId,
      pageId: page.pageId,
      pageTitle: page.pageTitle,
      delByUid: by.uid,
      delByUsername: by.username,
      delTime: now,
    });
    await tx.delete(pageLocks).where(eq(pageLocks.pageId, page.pageId));
    await tx.update(items).set({ lastUpdateTime: now }).where(eq(items.itemId, page.itemId));
    return true;
  });
  if (done) deps.events.emit('page.deleted', { itemId: page.itemId, pageId: page.pageId });
  return done;
}
