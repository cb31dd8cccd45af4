// item/search: the pages of one item whose title or content contains the keyword, limited to
// the catalogs the viewer may see. The GIN-indexed search_vector narrows the candidates (rows
// written before the vector existed count as candidates), then ILIKE on the text keeps exact
// substring matches; keywords without letters, digits or CJK use ILIKE alone.
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pages } from '../../db/schema';
import { escapeLike } from '../../db/like';
import { keywordQuery } from './tokens';

export const SEARCH_RESULT_LIMIT = 200;
const SNIPPET_SIDE = 100;

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

/**
 * @param catIds null = every catalog and root pages; else the only catalogs (any level) allowed
 */
export async function searchPages(db: DbOrTx, itemId: number, keyword: string, catIds: number[] | null): Promise<SearchHit[]> {
  const pattern = `%${escapeLike(keyword)}%`;
  const conds: SQL[] = [eq(pages.itemId, itemId), eq(pages.isDel, 0)];
  if (catIds !== null) {
    if (!catIds.length) return [];
    conds.push(inArray(pages.catId, catIds));
  }
  const q = keywordQuery(keyword);
  if (q !== null) conds.push(or(sql`${pages.searchVector} @@ ${q}::tsquery`, isNull(pages.searchVector))!);
  conds.push(or(sql`${pages.pageTitle} ilike ${pattern}`, sql`${pages.pageContent} ilike ${pattern}`)!);
  const rows = await db
    .select({
      pageId: pages.pageId,
      itemId: pages.itemId,
      catId: pages.catId,
      pageTitle: pages.pageTitle,
      sNumber: pages.sNumber,
      authorUid: pages.authorUid,
      authorUsername: pages.authorUsername,
      addtime: pages.addtime,
      // about 100 characters either side of the first hit (the page start when only the title matched)
      searchContent: sql<string>`case when strpos(lower(${pages.pageContent}), lower(${keyword})) > 0
        then substr(${pages.pageContent}, greatest(1, strpos(lower(${pages.pageContent}), lower(${keyword})) - ${SNIPPET_SIDE}), ${keyword.length + 2 * SNIPPET_SIDE})
        else substr(${pages.pageContent}, 1, ${2 * SNIPPET_SIDE}) end`,
    })
    .from(pages)
    .where(and(...conds))
    .orderBy(asc(pages.sNumber), asc(pages.pageId))
    .limit(SEARCH_RESULT_LIMIT);
  return rows;
}
