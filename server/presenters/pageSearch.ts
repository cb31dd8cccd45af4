// item/search answer: {item_id, item_name, pages: [page row without content + search_content]},
// and our paging fields (page, has_more), which ShowDoc clients ignore.
import type { SearchAnswer } from '../db/repos/search';
import type { SearchAnswer as SearchResultAnswer } from '../../shared/api/item/search';
import { JsonFragment, jsonFragment } from '../lib/jsonFragment';
import { fetched } from './fetched';
import { formatTime } from './time';

export function presentSearch(item: { itemId: number; itemName: string }, { hits, hasMore }: SearchAnswer, page: number): SearchResultAnswer {
  return {
    ...fetched({ item_id: item.itemId, item_name: item.itemName }),
    pages: hits.map((h) => fetched({
      page_id: h.pageId,
      item_id: h.itemId,
      cat_id: h.catId,
      page_title: h.pageTitle,
      s_number: h.sNumber,
      author_uid: h.authorUid,
      author_username: h.authorUsername,
      addtime: formatTime(h.addtime),
      item_name: item.itemName,
      search_content: h.searchContent,
    })),
    page,
    has_more: hasMore,
  };
}

/** the presented answers of kept searches (cachedSearch hands out the same answer object until a write) */
const answers = new WeakMap<SearchAnswer, { itemName: string; page: number; json: JsonFragment }>();

/**
 * The answer of a search as ready JSON: serialised once per kept answer and item name, then written
 * as it is (and gzipped once when large). A repeated search's 50 hits, serialised anew on every
 * request, held it to a tenth of the answers a second page/info gives: a SearchResultAnswer.
 */
export function searchAnswerJson(item: { itemId: number; itemName: string }, answer: SearchAnswer, page: number): JsonFragment {
  const hit = answers.get(answer);
  if (hit && hit.itemName === item.itemName && hit.page === page) return hit.json;
  const json = jsonFragment(presentSearch(item, answer, page));
  answers.set(answer, { itemName: item.itemName, page, json });
  return json;
}
