// /api/template/* of ShowDoc v3: the caller's templates with where they are shared, sharing a
// template with items, and the templates an item is offered. Ids and times are strings, as
// ShowDoc gives them; share_item_count is a number, as there.
import { endpoint, type NoData } from './contract';
import { id, text } from './fields';

/** A template_item row: the template shared with one item. */
export interface TemplateShare {
  id: string;
  template_id: string;
  item_id: string;
  item_name: string;
  uid: string;
  username: string;
  /** 'Y-m-d H:i:s' */
  created_at: string;
}

export interface SharedTemplate {
  id: string;
  uid: string;
  username: string;
  template_title: string;
  template_content: string;
  /** 'Y-m-d H:i:s' */
  addtime: string;
}

export interface MyTemplate extends SharedTemplate {
  share_item: TemplateShare[];
  share_item_count: number;
}

export const SHARE_ITEMS_MAX = 200;

export const getMyList = endpoint<MyTemplate[]>()('template/getMyList', {});

/** Shares with exactly these items (a comma list; "0" shares with none). */
export const shareToItem = endpoint<NoData>()('template/shareToItem', {
  template_id: id(),
  item_id: text({ max: 4000 }),
});

export const getItemList = endpoint<SharedTemplate[]>()('template/getItemList', { item_id: id() });

export const getShareItemList = endpoint<TemplateShare[]>()('template/getShareItemList', { template_id: id() });
