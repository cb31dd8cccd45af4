// Search: the SQL of item/search and of the search index (pages.search_vector). The hit query is
// planned for its values (executeOnce): its best plan turns on how common the keyword is.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { escapeLike } from '../like';
import { executeNamed, executeOnce } from '../prepared';
import { pages } from '../schema';
import type { PageHeading } from './pages';

/** pages.search_vector from the index tokens of a page (domain/search/tokens.ts) */
export function searchVectorOf(tokens: string[]): SQL {
  return sql`array_to_tsvector(string_to_array(${tokens.join(' ')}, ' '))`;
}

export interface HitRow {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  addtime: string | number;
  /** the whole content of a page up to `wholeBytes`, else null */
  content: string | null;
  /** the first `headChars` characters of a longer page, else null */
  content_head: string | null;
}

/** A hit as item/search shows it: the page row without content, and the snippet cut from it. */
export interface SearchHit extends PageHeading {
  searchContent: string;
}

/** One page of a search's hits (domain/search/search.ts assembles it from HitRows). */
export interface SearchAnswer {
  hits: SearchHit[];
  /** more hits follow this page */
  hasMore: boolean;
}

export interface HitQuery {
  itemId: number;
  keyword: string;
  /** null = every catalog and root pages; else the only catalogs (any level) searched (not empty) */
  catIds: number[] | null;
  /** the index query (tsquery text), or null to check the text alone */
  tsquery: string | null;
  /** how the text is checked besides the index: not at all (the index answer is exact), by strpos (no cased letters) or ILIKE */
  textCheck: 'none' | 'strpos' | 'ilike';
  limit: number;
  offset: number;
  /** pages up to this size (UTF-8 bytes) are read whole */
  wholeBytes: number;
  /** characters read of a longer page */
  headChars: number;
  /**
   * a statement planned once per connection (domain/search/planChoice.ts): `walk` the item's pages
   * in menu order (a keyword the statistics call common), or ask the GIN `index` first (a rare
   * one); without it the statement is planned for its values
   */
  plan?: 'walk' | 'index';
}

/** Live pages of the item that contain the keyword, in menu order (s_number, page_id). */
export function findHits(db: DbOrTx, q: HitQuery): Promise<HitRow[]> {
  const pattern = `%${escapeLike(q.keyword)}%`;
  const catFilter = q.catIds === null ? sql`` : sql`and p.cat_id in (${sql.join(q.catIds.map((id) => sql`${id}`), sql`, `)})`;
  const indexFilter = q.tsquery ? sql`and p.search_vector @@ ${q.tsquery}::tsquery` : sql``;
  const contains: SQL | null =
    q.textCheck === 'none'
      ? null
      : q.textCheck === 'strpos'
        ? sql`strpos(p.page_title, ${q.keyword}) > 0 or strpos(p.page_content, ${q.keyword}) > 0`
        : sql`p.page_title ilike ${pattern} or p.page_content ilike ${pattern}`;
  // inside CASE the planner cannot estimate the text check (it takes a half): estimated, a
  // substring pattern looks a thousand times rarer than it is, so for a common phrase the planner
  // sorted every page the index found (340 ms on 10,000 pages) instead of walking the item's pages
  // in order and stopping at the page asked for (6 ms)
  const textCheck = contains ? sql`and (case when ${contains} then true else false end)` : sql``;
  // octet_length reads only a value's header; substr only the part of it asked for
  const columns = sql`p.page_id, p.item_id, p.cat_id, p.page_title, p.s_number, p.author_uid, p.author_username, p.addtime,
      case when octet_length(p.page_content) <= ${q.wholeBytes}::int then p.page_content end as content,
      case when octet_length(p.page_content) > ${q.wholeBytes}::int then substr(p.page_content, 1, ${q.headChars}::int) end as content_head`;
  const named = q.tsquery && q.catIds === null && q.textCheck === 'none' ? q.plan : undefined;
  if (named === 'walk') {
    // the match inside CASE cannot use the GIN index: the one plan left walks pages_item_idx in
    // menu order and stops at the hit asked for, whatever the keyword (a named statement keeps it)
    return executeNamed<HitRow>(db, 'search_walk', sql`
      select ${columns}
      from pages p
      where p.item_id = ${q.itemId}::int and p.is_del = 0 and (case when p.search_vector @@ ${q.tsquery}::tsquery then true else false end)
      order by p.s_number, p.page_id
      limit ${q.limit}::int offset ${q.offset}::int`);
  }
  if (named === 'index') {
    // the pages holding the word come from the GIN index first (a materialised CTE cannot be
    // folded into a walk of the item), then the item's among them are sorted
    return executeNamed<HitRow>(db, 'search_index', sql`
      with matched as materialized (select page_id from pages where search_vector @@ ${q.tsquery}::tsquery)
      select ${columns}
      from pages p join matched m on m.page_id = p.page_id
      where p.item_id = ${q.itemId}::int and p.is_del = 0
      order by p.s_number, p.page_id
      limit ${q.limit}::int offset ${q.offset}::int`);
  }
  return executeOnce<HitRow>(
    db,
    sql`
    select ${columns}
    from pages p
    where p.item_id = ${q.itemId} and p.is_del = 0 ${catFilter} ${indexFilter} ${textCheck}
    order by p.s_number, p.page_id
    limit ${q.limit}::int offset ${q.offset}::int`,
  );
}

/** What ANALYZE learnt of the search index's words: the most common ones, each with the share of pages holding it. */
export interface IndexWordStats {
  words: string[];
  shares: number[];
  /** the smallest share among them: a word they do not name is held by fewer pages than that */
  minShare: number;
  /** pages in the table when ANALYZE last counted them */
  pages: number;
}

/** pages.search_vector's element statistics (undefined before the first ANALYZE of pages). */
export async function indexWordStats(db: DbOrTx): Promise<IndexWordStats | undefined> {
  const rows = await executeOnce<{ words: string[] | string | null; shares: (number | string)[] | string | null; pages: number | string }>(db, sql`
    select s.most_common_elems::text::text[] as words, s.most_common_elem_freqs as shares, c.reltuples as pages
    from pg_stats s join pg_class c on c.oid = 'pages'::regclass
    where s.schemaname = current_schema() and s.tablename = 'pages' and s.attname = 'search_vector'`);
  const r = rows[0];
  if (!r || !Array.isArray(r.words) || !Array.isArray(r.shares)) return undefined;
  // the shares go on past the words: their minimum, maximum and the share of empty vectors
  const shares = r.shares.map(Number);
  return { words: r.words, shares: shares.slice(0, r.words.length), minShare: shares[r.words.length] ?? Math.min(...shares), pages: Math.max(0, Number(r.pages)) };
}

/** The whole content of some pages of the item (pages deleted meanwhile are missing). */
export function contentsOf(db: DbOrTx, itemId: number, pageIds: number[]): Promise<{ page_id: number; page_content: string }[]> {
  return executeOnce<{ page_id: number; page_content: string }>(
    db,
    sql`select page_id, page_content from pages where item_id = ${itemId} and page_id in (${sql.join(pageIds.map((id) => sql`${id}`), sql`, `)})`,
  );
}

// --- the planner's statistics on pages ---

/** Live rows of pages and rows changed since its last ANALYZE (the functions behind pg_stat_user_tables, without its joins). */
export async function pageTableChanges(db: DbOrTx): Promise<{ live: number; changed: number } | undefined> {
  const res = await db.execute(sql`
    select pg_stat_get_live_tuples('pages'::regclass)::int as live, pg_stat_get_mod_since_analyze('pages'::regclass)::int as changed`);
  return (res as unknown as { rows: { live: number; changed: number }[] }).rows[0];
}

/**
 * Refreshes the statistics of pages and merges the search index's pending list: new vectors wait
 * in the GIN index's unsorted pending list, which every index search reads whole (as autovacuum would).
 */
export async function analyzePages(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze pages`);
  await db.execute(sql`select gin_clean_pending_list('pages_search_idx')`);
}

// --- pages written without a vector (older rows, bulk copies) ---

/** Up to `limit` pages of the item without a search vector (the partial index pages_unindexed_idx finds them). */
export function unindexedOfItem(db: DbOrTx, itemId: number, limit: number): Promise<{ pageId: number; title: string; content: string }[]> {
  return db
    .select({ pageId: pages.pageId, title: pages.pageTitle, content: pages.pageContent })
    .from(pages)
    .where(and(eq(pages.itemId, itemId), isNull(pages.searchVector)))
    .limit(limit);
}

/** Stores a page's vector only if its text is still what the tokens were computed from; false otherwise. */
export async function setVectorIfUnchanged(db: DbOrTx, page: { pageId: number; title: string; content: string }, tokens: string[]): Promise<boolean> {
  const out = await db
    .update(pages)
    .set({ searchVector: searchVectorOf(tokens) })
    .where(and(eq(pages.pageId, page.pageId), eq(pages.pageTitle, page.title), eq(pages.pageContent, page.content)))
    .returning({ id: pages.pageId });
  return out.length > 0;
}
