// item/search: the pages of one item whose title or content contains the keyword, limited to
// the catalogs the viewer may see, in menu order (s_number, page_id), 50 at a time. The
// search_vector decides (GIN index for rare words; for common words the planner walks the
// item's pages in order and stops after the page asked for); when its answer is not exact (phrases, several
// words) ILIKE checks the text too. Keywords without letters, digits or CJK use ILIKE alone.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/like';
import { executeOnce } from '../../db/prepared';
import { keywordQuery } from './tokens';
import { SNIPPET_HEAD, SNIPPET_WHOLE_BYTES, snippetOf, snippetOfHead } from './snippet';
import { backfillVectors } from './backfill';
import { keepPageStatsFresh } from './stats';

/** hits per answer; `page` asks for the next ones */
export const SEARCH_PAGE_SIZE = 50;
/** pages of hits one can ask for (10,000 hits) */
export const SEARCH_MAX_PAGE = 200;

export interface SearchHit {
  pageId: number;
  itemId: number;
  catId: number;
  pageTitle: string;
  sNumber: number;
  authorUid: number;
  authorUsername: string;
  addtime: number;
  searchContent: string;
}

interface Row {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  addtime: string | number;
  /** the whole content of a page up to SNIPPET_WHOLE_BYTES, else null */
  content: string | null;
  /** the first SNIPPET_HEAD + 1 characters of a longer page, else null */
  content_head: string | null;
}

export interface SearchAnswer {
  hits: SearchHit[];
  /** more hits follow this page */
  hasMore: boolean;
}

/**
 * @param catIds null = every catalog and root pages; else the only catalogs (any level) allowed
 * @param page 1 = the first SEARCH_PAGE_SIZE hits
 */
export async function searchPages(
  db: DbOrTx,
  itemId: number,
  keyword: string,
  catIds: number[] | null,
  opts: { page?: number; statsEveryMs?: number } = {},
): Promise<SearchAnswer> {
  const page = opts.page ?? 1;
  if (catIds !== null && !catIds.length) return { hits: [], hasMore: false };
  const q = keywordQuery(keyword);
  if (q) await backfillVectors(db, itemId);
  const pattern = `%${escapeLike(keyword)}%`;
  const catFilter = catIds === null ? sql`` : sql`and p.cat_id in (${sql.join(catIds.map((id) => sql`${id}`), sql`, `)})`;
  const indexFilter = q ? sql`and p.search_vector @@ ${q.tsquery}::tsquery` : sql``;
  // a keyword without cased letters (Chinese, digits, punctuation) needs no case folding: strpos
  // is several times cheaper than ILIKE, which folds every character of the page
  const caseless = keyword.toLowerCase() === keyword.toUpperCase();
  const textCheck: SQL = q?.exact
    ? sql``
    : caseless
      ? sql`and (strpos(p.page_title, ${keyword}) > 0 or strpos(p.page_content, ${keyword}) > 0)`
      : sql`and (p.page_title ilike ${pattern} or p.page_content ilike ${pattern})`;
  await keepPageStatsFresh(db, opts.statsEveryMs);
  // the snippet is cut here (snippet.ts) from each hit's content, or from the head of a long one
  // (octet_length reads only a value's header; substr only the part of it asked for)
  const query = sql`
    select p.page_id, p.item_id, p.cat_id, p.page_title, p.s_number, p.author_uid, p.author_username, p.addtime,
      case when octet_length(p.page_content) <= ${SNIPPET_WHOLE_BYTES}::int then p.page_content end as content,
      case when octet_length(p.page_content) > ${SNIPPET_WHOLE_BYTES}::int then substr(p.page_content, 1, ${SNIPPET_HEAD + 1}::int) end as content_head
    from pages p
    where p.item_id = ${itemId} and p.is_del = 0 ${catFilter} ${indexFilter} ${textCheck}
    order by p.s_number, p.page_id
    limit ${SEARCH_PAGE_SIZE + 1}::int offset ${(page - 1) * SEARCH_PAGE_SIZE}::int`;
  const rows = await executeOnce<Row>(db, query);
  const shown = rows.slice(0, SEARCH_PAGE_SIZE);
  const snippets = await snippetsOf(db, itemId, shown, keyword);
  const hits = shown.map((r, i) => ({
    pageId: Number(r.page_id),
    itemId: Number(r.item_id),
    catId: Number(r.cat_id),
    pageTitle: r.page_title,
    sNumber: Number(r.s_number),
    authorUid: Number(r.author_uid),
    authorUsername: r.author_username,
    addtime: Number(r.addtime),
    searchContent: snippets[i],
  }));
  return { hits, hasMore: rows.length > SEARCH_PAGE_SIZE };
}

/** each hit's snippet: from what was read of it, or from the whole content when a head cannot tell */
async function snippetsOf(db: DbOrTx, itemId: number, rows: Row[], keyword: string): Promise<string[]> {
  const snippets = rows.map((r) => (r.content !== null ? snippetOf(r.content, keyword) : snippetOfHead(r.content_head ?? '', keyword)));
  const undecided = rows.filter((_, i) => snippets[i] === null).map((r) => Number(r.page_id));
  if (!undecided.length) return snippets as string[];
  const whole = await executeOnce<{ page_id: number; page_content: string }>(
    db,
    sql`select page_id, page_content from pages where item_id = ${itemId} and page_id in (${sql.join(undecided.map((id) => sql`${id}`), sql`, `)})`,
  );
  const contentOf = new Map(whole.map((w) => [Number(w.page_id), w.page_content]));
  // a page deleted between the two reads keeps the snippet of its head
  return rows.map((r, i) => snippets[i] ?? snippetOf(contentOf.get(Number(r.page_id)) ?? r.content_head ?? '', keyword));
}
