// subscription/*: who watches a page (showdoc-behaviour §7.14; object_type 'page', action 'update').
// ShowDoc lets editors subscribe anyone; Quire: anyone who may read the page watches it
// themselves (uids left out or their own uid), editors may add members who may read it.
import { endpoint, type NoData } from './contract';
import { id, text } from './fields';
import type { Fetched } from '../dbText';

/** ShowDoc's subscription row (fetched: its numbers are text) */
export interface SubscriptionRow {
  id: number;
  uid: number;
  object_id: number;
  object_type: string;
  action_type: string;
  /** unix seconds */
  sub_time: number;
}

export type Subscriber = Fetched<SubscriptionRow> & { username: string; name: string };

/** Editors: every subscriber of the page; other readers: their own row only (Quire). */
export const getPageList = endpoint<Subscriber[]>()('subscription/getPageList', { page_id: id() });

/** uids: comma list ('' = the caller) */
const uids = () => text({ max: 2000 });

export const savePage = endpoint<NoData>()('subscription/savePage', { page_id: id(), uids: uids() });

export const deletePage = endpoint<NoData>()('subscription/deletePage', { page_id: id(), uids: uids() });
