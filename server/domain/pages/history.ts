// Page history: each save snapshots the version it replaces; the newest N are kept
// (site setting history_version_count, default 50).
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { pageHistory } from '../../db/schema';

export type HistoryRow = typeof pageHistory.$inferSelect;

export async function historyRetention(deps: AppDeps): Promise<number> {
  const n = Math.floor((await deps.settings.get()).history_version_count);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1000) : 50;
}

export async function listHistory(deps: AppDeps, pageId: number): Promise<HistoryRow[]> {
  return deps.db
    .select()
    .from(pageHistory)
    .where(eq(pageHistory.pageId, pageId))
    .orderBy(desc(pageHistory.pageHistoryId))
    .limit(await historyRetention(deps));
}

/** A history version of this page (never of another page: the id alone proves nothing). */
export async function findHistory(db: DbOrTx, pageId: number, historyId: number): Promise<HistoryRow | undefined> {
  if (!historyId) return undefined;
  const [row] = await db
    .select()
    .from(pageHistory)
    .where(and(eq(pageHistory.pageHistoryId, historyId), eq(pageHistory.pageId, pageId)))
    .limit(1);
  return row;
}

export async function updateHistoryComments(db: DbOrTx, pageId: number, historyId: number, comments: string): Promise<boolean> {
  const rows = await db
    .update(pageHistory)
    .set({ pageComments: comments })
    .where(and(eq(pageHistory.pageHistoryId, historyId), eq(pageHistory.pageId, pageId)))
    .returning({ id: pageHistory.pageHistoryId });
  return rows.length > 0;
}
