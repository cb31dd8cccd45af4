// Pages as item and catalog operations move them: a new item's first page, copies of an item's or
// a catalog's pages, pages moved with their catalog to another item, a catalog's pages sent to the
// recycle bin, pages dragged in the tree editor. (Page reads and saves are in pages.ts.)
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { attachmentPages, mocks, pageHistory, pageLocks, pages, recycle } from '../schema';

export type NewPageRow = Omit<typeof pages.$inferInsert, 'pageId' | 'searchVector'> & { searchVector?: SQL | string | null };

/** a page as copied: everything but id, item, times and comments (the search vector too: copies keep it) */
export interface PageCopySource {
  catId: number;
  pageTitle: string;
  pageContent: string;
  sNumber: number;
  authorUid: number;
  authorUsername: string;
  extInfo: string;
  searchVector: string | null;
}

const copyColumns = {
  catId: pages.catId,
  pageTitle: pages.pageTitle,
  pageContent: pages.pageContent,
  sNumber: pages.sNumber,
  authorUid: pages.authorUid,
  authorUsername: pages.authorUsername,
  extInfo: pages.extInfo,
  searchVector: pages.searchVector,
};

const INSERT_CHUNK = 500;
const UPDATE_CHUNK = 1000;

export async function insertPage(db: DbOrTx, row: NewPageRow): Promise<void> {
  await db.insert(pages).values(row);
}

/** Inserts many pages, 500 rows per statement. */
export async function insertPages(db: DbOrTx, rows: NewPageRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db.insert(pages).values(rows.slice(i, i + INSERT_CHUNK));
}

/** The row of a copy of a page, in another item or catalog, made at `now`: its comments are not copied. */
export function copyOfPage(p: PageCopySource, to: { itemId: number; catId: number }, now: number): NewPageRow {
  return { ...p, itemId: to.itemId, catId: to.catId, addtime: now, pageAddtime: now, pageComments: '' };
}

/** An item's live pages with their content and search vector, in id order; only those in `catIds` when given. */
export function livePagesToCopy(db: DbOrTx, itemId: number, catIds?: number[]): Promise<PageCopySource[]> {
  const live = and(eq(pages.itemId, itemId), eq(pages.isDel, 0));
  return db
    .select(copyColumns)
    .from(pages)
    .where(catIds ? and(live, inArray(pages.catId, catIds)) : live)
    .orderBy(asc(pages.pageId));
}

/** Where some live pages of an item are (the others are not in the answer). */
export function livePlacesAmong(db: DbOrTx, itemId: number, pageIds: number[]): Promise<{ pageId: number; catId: number; sNumber: number; pageTitle: string }[]> {
  return db
    .select({ pageId: pages.pageId, catId: pages.catId, sNumber: pages.sNumber, pageTitle: pages.pageTitle })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0), inArray(pages.pageId, pageIds)));
}

/** Puts a page of the item under another catalog, at another position. */
export async function placePage(db: DbOrTx, itemId: number, pageId: number, catId: number, sNumber: number): Promise<void> {
  await db.update(pages).set({ catId, sNumber }).where(and(eq(pages.itemId, itemId), eq(pages.pageId, pageId)));
}

/** Marks the live pages under some catalogs deleted (deletion time in addtime, version bumped); returns them. */
export function markDeletedUnder(db: DbOrTx, itemId: number, catIds: number[], now: number): Promise<{ pageId: number; pageTitle: string }[]> {
  return db
    .update(pages)
    .set({ isDel: 1, addtime: now, version: sql`${pages.version} + 1` })
    .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0), inArray(pages.catId, catIds)))
    .returning({ pageId: pages.pageId, pageTitle: pages.pageTitle });
}

export interface RecycleEntry {
  itemId: number;
  pageId: number;
  pageTitle: string;
  delByUid: number;
  delByUsername: string;
  delTime: number;
}

/** Recycle bin entries, 500 per statement. */
export async function insertRecycleEntries(db: DbOrTx, rows: RecycleEntry[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db.insert(recycle).values(rows.slice(i, i + INSERT_CHUNK));
}

/** Drops the edit locks of some pages. */
export async function dropLocks(db: DbOrTx, pageIds: number[]): Promise<void> {
  for (let i = 0; i < pageIds.length; i += UPDATE_CHUNK) await db.delete(pageLocks).where(inArray(pageLocks.pageId, pageIds.slice(i, i + UPDATE_CHUNK)));
}

/**
 * Moves the live pages under some catalogs to another item, with what hangs on them (history,
 * mocks, attachment bindings): ids stay, so links keep working.
 */
export async function moveUnderToItem(db: DbOrTx, fromItemId: number, catIds: number[], toItemId: number): Promise<void> {
  const moved = await db
    .update(pages)
    .set({ itemId: toItemId })
    .where(and(eq(pages.itemId, fromItemId), eq(pages.isDel, 0), inArray(pages.catId, catIds)))
    .returning({ pageId: pages.pageId });
  const pageIds = moved.map((p) => p.pageId);
  for (let i = 0; i < pageIds.length; i += UPDATE_CHUNK) {
    const chunk = pageIds.slice(i, i + UPDATE_CHUNK);
    await db.update(pageHistory).set({ itemId: toItemId }).where(inArray(pageHistory.pageId, chunk));
    await db.update(mocks).set({ itemId: toItemId }).where(inArray(mocks.pageId, chunk));
    await db.update(attachmentPages).set({ itemId: toItemId }).where(inArray(attachmentPages.pageId, chunk));
  }
}
