// Watching pages (subscription/*, ShowDoc's object 'page', action 'update'). The caller decided
// who may add or remove whom (policies/aroundPage.ts).
import type { AppDeps } from '../../deps';
import * as subRepo from '../../db/repos/subscriptions';
import type { SubscriberRow } from '../../db/repos/subscriptions';

export type { SubscriberRow } from '../../db/repos/subscriptions';

const pageUpdates = (pageId: number): subRepo.Watched => ({ ...subRepo.PAGE_UPDATES, objectId: pageId });

export function watchPage(deps: AppDeps, pageId: number, uids: number[]): Promise<void> {
  return subRepo.add(deps.db, pageUpdates(pageId), uids, deps.now());
}

export async function unwatchPage(deps: AppDeps, pageId: number, uids: number[]): Promise<void> {
  await subRepo.remove(deps.db, pageUpdates(pageId), uids);
}

export function pageWatcherUids(deps: AppDeps, pageId: number): Promise<number[]> {
  return subRepo.watcherUids(deps.db, pageUpdates(pageId));
}

/** The page's watchers with their names (`onlyUid`: that user's row alone). */
export function pageWatchers(deps: AppDeps, pageId: number, onlyUid?: number): Promise<SubscriberRow[]> {
  return subRepo.watchers(deps.db, pageUpdates(pageId), onlyUid);
}
