// Pages: the SQL of the pages area. Rows leave without their search vector (large, and never
// needed outside the database).
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pageLocks, pages } from '../schema';
import { searchVectorOf } from './search';
import { executeNamed } from '../prepared';
import type { ShareRow } from './shares';

const { searchVector, ...rest } = getTableColumns(pages);
void searchVector;

/** page columns without the search vector */
export const pageColumns = rest;
export type PageData = Omit<typeof pages.$inferSelect, 'searchVector'>;

/** a page as the menu and the search hits list it: where it stands, its title and author, without content */
export type PageHeading = Pick<PageData, 'pageId' | 'itemId' | 'catId' | 'pageTitle' | 'sNumber' | 'authorUid' | 'authorUsername' | 'addtime'>;

/**
 * findById's two statements, built once per database handle and named (PostgreSQL plans each once
 * per connection): a page load is what the read cache's refreshes of page/info run most, and
 * building the statement cost the app more than running it.
 */
const byIdStatements = new WeakMap<DbOrTx, { live: PageByIdStatement; any: PageByIdStatement }>();
type PageByIdStatement = ReturnType<typeof prepareById>;

function prepareById(db: DbOrTx, includeDeleted: boolean) {
  const id = eq(pages.pageId, sql.placeholder('pageId'));
  return db
    .select(pageColumns)
    .from(pages)
    .where(includeDeleted ? id : and(id, eq(pages.isDel, 0)))
    .limit(1)
    .prepare(includeDeleted ? 'page_by_id_any' : 'page_by_id_live');
}

/** a page by id; deleted pages (in the recycle bin) only when asked */
export async function findById(db: DbOrTx, pageId: number, opts: { includeDeleted?: boolean } = {}): Promise<PageData | undefined> {
  let statements = byIdStatements.get(db);
  if (!statements) byIdStatements.set(db, (statements = { live: prepareById(db, false), any: prepareById(db, true) }));
  const [row] = await (opts.includeDeleted ? statements.any : statements.live).execute({ pageId });
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

/** the count attachmentCount gives, as a subquery (page/info reads it with the share link) */
const boundFileCount = (pageId: number) => sql`(select count(*)::int from (select file_id from attachment_pages where page_id = ${pageId}
  union select file_id from attachments where page_id = ${pageId}) f)`;

/** Files bound to the page either way (attachment_pages, or attachments.page_id), each once. */
export async function attachmentCount(db: DbOrTx, pageId: number): Promise<number> {
  const [row] = await executeNamed<{ n: number }>(db, 'page_attachment_count', sql`select ${boundFileCount(pageId)} as n`);
  return Number(row.n);
}

interface ExtrasRow {
  id: number | null;
  unique_key: string | null;
  uid: number | null;
  expire_time: string | number | null;
  addtime: string | number | null;
  attachment_count: number;
}

/**
 * What page/info shows beside a page, in one named statement: its share link (single_pages has
 * one per page at most) and its attachment count (boundFileCount). The read cache refreshes it for every
 * page read, a round trip each.
 */
export async function shareAndAttachmentCount(db: DbOrTx, pageId: number): Promise<{ share: ShareRow | undefined; attachmentCount: number }> {
  const [row] = await executeNamed<ExtrasRow>(
    db,
    'page_extras',
    sql`select s.id, s.unique_key, s.uid, s.expire_time, s.addtime, ${boundFileCount(pageId)} as attachment_count
        from (select 1) one left join single_pages s on s.page_id = ${pageId}`,
  );
  const share: ShareRow | undefined =
    row.id === null
      ? undefined
      : { id: row.id, uniqueKey: row.unique_key!, pageId, uid: row.uid!, expireTime: Number(row.expire_time), addtime: Number(row.addtime) };
  return { share, attachmentCount: Number(row.attachment_count) };
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
