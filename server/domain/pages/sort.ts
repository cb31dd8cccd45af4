// page/sort: new positions for pages of one item, all or nothing.
import type { AppDeps } from '../../deps';
import * as pageRepo from '../../db/repos/pages';

/** Pages (live, of this item) among the ids, with their catalogs. */
export function pagesOfItem(deps: AppDeps, itemId: number, ids: number[]): Promise<{ pageId: number; catId: number }[]> {
  return pageRepo.liveOfItemAmong(deps.db, itemId, ids);
}

export async function applyPageOrder(deps: AppDeps, itemId: number, order: Map<number, number>): Promise<void> {
  if (!order.size) return;
  await pageRepo.setPositions(deps.db, itemId, order);
  deps.events.emit('catalog.changed', { itemId });
}
