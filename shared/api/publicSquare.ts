// /api/publicSquare/*: the public square (#23), a list of every public item. Off unless an
// administrator switches on enable_public_square; needs a login when the site forces one.
import { endpoint } from './contract';
import { int, oneOf, text } from './fields';
import type { AsShowDoc } from '../dbText';

export interface PublicSquareState {
  enable: 0 | 1;
}

export interface PublicItem {
  item_id: number;
  item_name: string;
  item_description: string;
  item_type: number;
  /** 'Y-m-d H:i:s' */
  addtime: string;
  last_update_time: string;
  /** the item's personal domain, else its id (as text): the item's address is /<item_domain> */
  item_domain: string;
}

export interface PublicItems {
  total: number;
  items: AsShowDoc<PublicItem>[];
}

export const PUBLIC_SQUARE_PAGE_MAX = 100;

export const checkEnabled = endpoint<PublicSquareState>()('publicSquare/checkEnabled', {});

export const getPublicItems = endpoint<PublicItems>()('publicSquare/getPublicItems', {
  page: int({ def: 1, min: 1, max: 1_000_000 }),
  count: int({ def: 20, min: 1, max: PUBLIC_SQUARE_PAGE_MAX }),
  keyword: text({ max: 200 }),
  search_type: oneOf(['title', 'content'], 'title'),
});
