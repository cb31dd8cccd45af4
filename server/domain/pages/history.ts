// Page history: each save snapshots the version it replaces; the newest N are kept
// (site setting history_version_count, default 50).
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import * as historyRepo from '../../db/repos/pageHistory';
import type { HistoryRow } from '../../db/repos/pageHistory';

export async function historyRetention(deps: AppDeps): Promise<number> {
  const n = Math.floor((await deps.settings.get()).history_version_count);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1000) : 50;
}

export async function listHistory(deps: AppDeps, pageId: number): Promise<HistoryRow[]> {
  return historyRepo.newestOfPage(deps.db, pageId, await historyRetention(deps));
}

/** A history version of this page (never of another page: the id alone proves nothing). */
export async function findHistory(db: DbOrTx, pageId: number, historyId: number): Promise<HistoryRow | undefined> {
  if (!historyId) return undefined;
  return historyRepo.findOfPage(db, pageId, historyId);
}

export function updateHistoryComments(db: DbOrTx, pageId: number, historyId: number, comments: string): Promise<boolean> {
  return historyRepo.setComments(db, pageId, historyId, comments);
}
