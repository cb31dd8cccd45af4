// /api/recycle/*: an item's recycle bin (managers only); pages older than 30 days are purged.
import { endpoint, type NoData } from './contract';
import { id, text } from './fields';
import type { AsShowDoc } from '../dbText';

export interface RecycleEntry {
  id: number;
  item_id: number;
  page_id: number;
  page_title: string;
  del_by_uid: number;
  del_by_username: string;
  /** 'Y-m-d H:i:s' */
  del_time: string;
}

export type RecycleEntryAnswer = AsShowDoc<RecycleEntry>;

export const getList = endpoint<RecycleEntryAnswer[]>()('recycle/getList', { item_id: text({ required: true, max: 50 }) });

/** Puts the page back at the item root. */
export const recover = endpoint<NoData>()('recycle/recover', { item_id: text({ required: true, max: 50 }), page_id: id() });
