// item/search answer: {item_id, item_name, pages: [page row without content + search_content]},
// and our paging fields (page, has_more), which ShowDoc clients ignore.
import type { SearchAnswer } from '../db/repos/search';
import type { SearchAnswer as SearchResultAnswer } from '../../shared/api/item/search';
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
