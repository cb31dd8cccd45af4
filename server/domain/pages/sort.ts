// page/sort: new positions for pages of one item, all or nothing.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { pages } from '../../db/schema';

/** Pages (live, of this item) among the ids, with their catalogs. */
export async function pagesOfItem(deps: AppDeps, itemId: number, ids: number[]): Promise<{ pageId: number; catId: number }[]> {
  if (!ids.length) return [];
  return deps.db
    .select({ pageId: pages.pageId, catId: pages.catId })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0), inArray(pages.pageId, ids)));
}

export async function applyPageOrder(deps: AppDeps, itemId: number, order: Map<number, number>): Promise<void> {
  if (!order.size) return;
  const ids = [...order.keys()];
  const cases = sql.join(
    ids.map((id) => sql`when ${id} then ${order.get(id)!}`),
    sql` `,
  );
  await deps.db
    .update(pages)
    .set({ sNumber: sql`(case ${pages.pageId} ${cases} end)::int` })
    .where(and(eq(pages.itemId, itemId), inArray(pages.pageId, ids)));
  deps.events.emit('catalog.changed', { itemId });
}
