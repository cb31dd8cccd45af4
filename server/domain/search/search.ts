// item/search: the pages of one item whose title or content contains the keyword, limited to
// the catalogs the viewer may see, in menu order (s_number, page_id), 50 at a time. The
// search_vector decides (GIN index for rare words; for common words the planner walks the
// item's pages in order and stops after the page asked for); when its answer is not exact (phrases, several
// words) ILIKE checks the text too. Keywords without letters, digits or CJK use ILIKE alone.
import type { DbOrTx } from '../../db/client';
import * as searchRepo from '../../db/repos/search';
import type { HitRow, SearchAnswer } from '../../db/repos/search';
import { SEARCH_PAGE_SIZE } from '../../../shared/limits';
import { keywordQuery, searchKeyword } from './tokens';
import { WORKBOOK_PREFIX, isWorkbookContent, workbookText, type Workbook } from '../../../shared/sheet/workbook';
import { SNIPPET_HEAD, SNIPPET_WHOLE_BYTES, snippetOf, snippetOfHead } from './snippet';
import { backfillVectors } from './backfill';
import { keepPageStatsFresh } from './stats';
import { searchPlan } from './planChoice';

export type { SearchAnswer, SearchHit } from '../../db/repos/search';

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
  keyword = searchKeyword(keyword);
  const q = keywordQuery(keyword);
  if (q) await backfillVectors(db, itemId);
  // a keyword without cased letters (Chinese, digits, punctuation) needs no case folding: strpos
  // is several times cheaper than ILIKE, which folds every character of the page
  const caseless = keyword.toLowerCase() === keyword.toUpperCase();
  await keepPageStatsFresh(db, opts.statsEveryMs);
  // the snippet is cut here (snippet.ts) from each hit's content, or from the head of a long one
  // one word in every catalog: a plan chosen from the index's statistics, without planning (planChoice.ts)
  const plan = q?.exact && catIds === null ? await searchPlan(db, q.tsquery) : undefined;
  const rows = await searchRepo.findHits(db, {
    itemId,
    keyword,
    catIds,
    tsquery: q?.tsquery ?? null,
    textCheck: q?.exact ? 'none' : caseless ? 'strpos' : 'ilike',
    limit: SEARCH_PAGE_SIZE + 1,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
    wholeBytes: SNIPPET_WHOLE_BYTES,
    headChars: SNIPPET_HEAD + 1,
    plan,
  });
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

/** what a hit's snippet is cut from: a spreadsheet's cell text, not its JSON */
const readable = (content: string) => (isWorkbookContent(content) ? workbookText(JSON.parse(content) as Workbook) : content);
/** the head of a spreadsheet's JSON cannot tell: its whole content is read */
const isSheetHead = (head: string) => head.startsWith(WORKBOOK_PREFIX);

/** each hit's snippet: from what was read of it, or from the whole content when a head cannot tell */
async function snippetsOf(db: DbOrTx, itemId: number, rows: HitRow[], keyword: string): Promise<string[]> {
  const snippets = rows.map((r) =>
    r.content !== null ? snippetOf(readable(r.content), keyword) : isSheetHead(r.content_head ?? '') ? null : snippetOfHead(r.content_head ?? '', keyword),
  );
  const undecided = rows.filter((_, i) => snippets[i] === null).map((r) => Number(r.page_id));
  if (!undecided.length) return snippets as string[];
  const whole = await searchRepo.contentsOf(db, itemId, undecided);
  const contentOf = new Map(whole.map((w) => [Number(w.page_id), w.page_content]));
  // a page deleted between the two reads keeps the snippet of its head
  return rows.map((r, i) => snippets[i] ?? snippetOf(readable(contentOf.get(Number(r.page_id)) ?? r.content_head ?? ''), keyword));
}
