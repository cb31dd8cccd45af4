// The recycle bin (recycle rows: who deleted a page and when) and the final removal of pages
// purged from it, with everything that hangs on them.
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pages, recycle } from '../schema';
import { anyRow } from './rows';
import { removePageLeftovers } from './pageLeftovers';

export type RecycleRow = typeof recycle.$inferSelect;

/** The item's bin, newest first. */
export function listOfItem(db: DbOrTx, itemId: number): Promise<RecycleRow[]> {
  return db.select().from(recycle).where(eq(recycle.itemId, itemId)).orderBy(desc(recycle.delTime), desc(recycle.id));
}

export async function insert(db: DbOrTx, row: { itemId: number; pageId: number; pageTitle: string; delByUid: number; delByUsername: string; delTime: number }): Promise<void> {
  await db.insert(recycle).values(row);
}

export function hasEntry(db: DbOrTx, itemId: number, pageId: number): Promise<boolean> {
  return anyRow(db, recycle, and(eq(recycle.itemId, itemId), eq(recycle.pageId, pageId)));
}

export async function deleteEntry(db: DbOrTx, itemId: number, pageId: number): Promise<void> {
  await db.delete(recycle).where(and(eq(recycle.itemId, itemId), eq(recycle.pageId, pageId)));
}

// --- retention ---

/** Pages whose bin entry is older than the cutoff. */
export function expiredEntries(db: DbOrTx, cutoff: number, limit: number): Promise<{ pageId: number }[]> {
  return db.select({ pageId: recycle.pageId }).from(recycle).where(lt(recycle.delTime, cutoff)).limit(limit);
}

/** Deleted pages without a newer bin entry (older data) deleted before the cutoff (addtime is their deletion time). */
export function expiredOrphans(db: DbOrTx, cutoff: number, limit: number): Promise<{ pageId: number }[]> {
  return db
    .select({ pageId: pages.pageId })
    .from(pages)
    .where(
      and(
        eq(pages.isDel, 1),
        lt(pages.addtime, cutoff),
        sql`not exists (select 1 from ${recycle} where ${recycle.pageId} = ${pages.pageId} and ${recycle.delTime} >= ${cutoff})`,
      ),
    )
    .limit(limit);
}

/** Which of these pages are live (recovered meanwhile). */
export function liveAmong(db: DbOrTx, pageIds: number[]): Promise<{ pageId: number }[]> {
  return db
    .select({ pageId: pages.pageId })
    .from(pages)
    .where(and(inArray(pages.pageId, pageIds), eq(pages.isDel, 0)));
}

/** Drops the bin entries of these pages and every entry older than the cutoff. */
export async function dropEntries(db: DbOrTx, pageIds: number[], cutoff: number): Promise<void> {
  await db.delete(recycle).where(or(inArray(recycle.pageId, pageIds), lt(recycle.delTime, cutoff)));
}

/**
 * Removes deleted pages for good, with their history, share links, locks, attachment bindings,
 * mocks and live-document state (doc_updates/doc_snapshots, named `page.<id>`).
 */
export async function removeForGood(db: DbOrTx, pageIds: number[]): Promise<void> {
  await db.delete(pages).where(and(inArray(pages.pageId, pageIds), eq(pages.isDel, 1)));
  await removePageLeftovers(db, pageIds);
}
