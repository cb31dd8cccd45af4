// Starred items (item/star, item/unstar): a mark of the user's own, shown in their item list.
import type { AppDeps } from '../../deps';
import * as starRepo from '../../db/repos/itemStars';

/** The star's id (starring again keeps the same one). */
export function starItem(deps: AppDeps, uid: number, itemId: number): Promise<number> {
  return starRepo.star(deps.db, uid, itemId, deps.now());
}

export async function unstarItem(deps: AppDeps, uid: number, itemId: number): Promise<void> {
  await starRepo.unstar(deps.db, uid, itemId);
}
