// Page history: the versions a save replaced (saves write them in their own statement, pageSaveOver.ts).
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pageHistory } from '../schema';
import { firstRow } from './rows';

export type HistoryRow = typeof pageHistory.$inferSelect;

/** The newest `limit` versions of a page, newest first. */
export function newestOfPage(db: DbOrTx, pageId: number, limit: number): Promise<HistoryRow[]> {
  return db.select().from(pageHistory).where(eq(pageHistory.pageId, pageId)).orderBy(desc(pageHistory.pageHistoryId)).limit(limit);
}

/** A version of this page (never of another page: the id alone proves nothing). */
export function findOfPage(db: DbOrTx, pageId: number, historyId: number): Promise<HistoryRow | undefined> {
  return firstRow(db, pageHistory, and(eq(pageHistory.pageHistoryId, historyId), eq(pageHistory.pageId, pageId)));
}

/** Sets a version's note; false when the page has no such version. */
export async function setComments(db: DbOrTx, pageId: number, historyId: number, comments: string): Promise<boolean> {
  const rows = await db
    .update(pageHistory)
    .set({ pageComments: comments })
    .where(and(eq(pageHistory.pageHistoryId, historyId), eq(pageHistory.pageId, pageId)))
    .returning({ id: pageHistory.pageHistoryId });
  return rows.length > 0;
}
