// Pages: the SQL of the pages area. Rows leave without their search vector (large, and never
// needed outside the database).
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { attachmentPages, attachments, pageLocks, pages } from '../schema';
import { searchVectorOf } from './search';

const { searchVector, ...rest } = getTableColumns(pages);
void searchVector;

/** page columns without the search vector */
export const pageColumns = rest;
export type PageData = Omit<typeof pages.$inferSelect, 'searchVector'>;

/** a page as the menu and the search hits list it: where it stands, its title and author, without content */
export type PageHeading = Pick<PageData, 'pageId' | 'itemId' | 'catId' | 'pageTitle' | 'sNumber' | 'authorUid' | 'authorUsername' | 'addtime'>;

/** a page by id; deleted pages (in the recycle bin) only when asked */
export async function findById(db: DbOrTx, pageId: number, opts: { includeDeleted?: boolean } = {}): Promise<PageData | undefined> {
  const where = opts.includeDeleted ? eq(pages.pageId, pageId) : and(eq(pages.pageId, pageId), eq(pages.isDel, 0));
  const [row] = await db.select(pageColumns).from(pages).where(where).limit(1);
  return row;
}

export interface NewPage {
  itemId: number;
  catId: number;
  title: string;
  content: string;
  sNumber: number;
  authorUid: number;
  authorUsername: string;
  comments: string;
  extInfo: string;
  /** the search index's tokens of title and content (domain/search/tokens.ts) */
  tokens: string[];
  now: number;
}

/** The row of a new page at version 1 (page/save, imports). */
export function newPageRow(p: Omit<NewPage, 'now' | 'extInfo'> & { extInfo?: string }, now: number) {
  return {
    itemId: p.itemId,
    catId: p.catId,
    pageTitle: p.title,
    pageContent: p.content,
    sNumber: p.sNumber,
    authorUid: p.authorUid,
    authorUsername: p.authorUsername,
    addtime: now,
    pageAddtime: now,
    pageComments: p.comments,
    extInfo: p.extInfo ?? '',
    version: 1,
    searchVector: searchVectorOf(p.tokens),
  };
}

/** Creates a page at version 1. */
export async function insert(db: DbOrTx, p: NewPage): Promise<PageData> {
  const [row] = await db.insert(pages).values(newPageRow(p, p.now)).returning(pageColumns);
  return row;
}

/** Files bound to the page either way (attachment_pages, or attachments.page_id), each once. */
export async function attachmentCount(db: DbOrTx, pageId: number): Promise<number> {
  const rows = await db
    .select({ f: attachmentPages.fileId })
    .from(attachmentPages)
    .where(eq(attachmentPages.pageId, pageId))
    .union(db.select({ f: attachments.fileId }).from(attachments).where(eq(attachments.pageId, pageId)));
  return rows.length;
}

// --- ordering (page/sort) ---

/** Pages (live, of this item) among the ids, with their catalogs. */
export async function liveOfItemAmong(db: DbOrTx, itemId: number, ids: number[]): Promise<{ pageId: number; catId: number }[]> {
  if (!ids.length) return [];
  return db
    .select({ pageId: pages.pageId, catId: pages.catId })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0), inArray(pages.pageId, ids)));
}

/** New positions (page id → s_number) for pages of one item, in one statement. */
export async function setPositions(db: DbOrTx, itemId: number, order: Map<number, number>): Promise<void> {
  if (!order.size) return;
  const ids = [...order.keys()];
  const cases = sql.join(
    ids.map((id) => sql`when ${id} then ${order.get(id)!}`),
    sql` `,
  );
  await db
    .update(pages)
    .set({ sNumber: sql`(case ${pages.pageId} ${cases} end)::int` })
    .where(and(eq(pages.itemId, itemId), inArray(pages.pageId, ids)));
}

// --- the recycle bin's side of a page ---

/**
 * Marks a live page of the item deleted: is_del = 1, addtime = deletion time (ShowDoc), version
 * bumped. false when it was not a live page of the item.
 */
export async function markDeleted(db: DbOrTx, pageId: number, itemId: number, now: number): Promise<boolean> {
  const rows = await db
    .update(pages)
    .set({ isDel: 1, addtime: now, version: sql`${pages.version} + 1` })
    .where(and(eq(pages.pageId, pageId), eq(pages.itemId, itemId), eq(pages.isDel, 0)))
    .returning({ id: pages.pageId });
  return rows.length > 0;
}

/** Puts a deleted page of the item back at the item root (cat_id 0, as ShowDoc); undefined when it is not deleted. */
export async function restoreAtRoot(db: DbOrTx, pageId: number, itemId: number, now: number): Promise<PageData | undefined> {
  const [page] = await db
    .update(pages)
    .set({ isDel: 0, catId: 0, addtime: now, version: sql`${pages.version} + 1` })
    .where(and(eq(pages.pageId, pageId), eq(pages.itemId, itemId), eq(pages.isDel, 1)))
    .returning(pageColumns);
  return page;
}

/** A deleted page's edit locks go with it. */
export async function dropLocks(db: DbOrTx, pageId: number): Promise<void> {
  await db.delete(pageLocks).where(eq(pageLocks.pageId, pageId));
}

// --- the open API's page lookups ---

/** Every page row of the item, deleted ones included (the open API's page limit counts them). */
export async function countOfItem(db: DbOrTx, itemId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(pages).where(eq(pages.itemId, itemId));
  return n;
}

/** Catalog and title of every live page of the item. */
export function liveTitlesOfItem(db: DbOrTx, itemId: number): Promise<{ catId: number; title: string }[]> {
  return db
    .select({ catId: pages.catId, title: pages.pageTitle })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.isDel, 0)));
}

/** The first live page with this title in this catalog of the item. */
export async function findByTitle(
  db: DbOrTx,
  itemId: number,
  catId: number,
  title: string,
): Promise<{ pageId: number; content: string; sNumber: number } | undefined> {
  const [row] = await db
    .select({ pageId: pages.pageId, content: pages.pageContent, sNumber: pages.sNumber })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), eq(pages.catId, catId), eq(pages.pageTitle, title), eq(pages.isDel, 0)))
    .orderBy(asc(pages.pageId))
    .limit(1);
  return row;
}
