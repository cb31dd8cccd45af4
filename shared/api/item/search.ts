// item/search: pages of one item the caller may read, by title and content (the rest of the item
// controller is declared in ./index.ts).
import { endpoint } from '../contract';
import { int, text } from '../fields';
import { SEARCH_MAX_PAGE } from '../../limits';
import type { AsShowDoc } from '../../dbText';

/** A hit: the page row without content, and about 100 characters either side of the keyword. */
export interface SearchHitPage {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  addtime: string;
  item_name: string;
  search_content: string;
}

export interface SearchResult {
  item_id: number;
  item_name: string;
  pages: SearchHitPage[];
  /** Quire: hits come 50 at a time (ShowDoc servers send neither field) */
  page: number;
  has_more: boolean;
}

/** As ShowDoc sends it: the page rows' ids as text; Quire's paging fields as they are. */
export type SearchAnswer = AsShowDoc<SearchResult>;

export const search = endpoint<SearchAnswer>()('item/search', {
  item_id: text({ required: true, max: 50 }),
  keyword: text({ max: 200 }),
  /** 1 = the first 50 hits */
  page: int({ def: 1, min: 1, max: SEARCH_MAX_PAGE }),
});
