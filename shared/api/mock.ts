// /api/mock/*: a page's Mock.js template and path. The generated JSON is served publicly at
// /mock-path/<item_id>?path=/x and /mock-data/<unique_key> (and by mock/infoByKey).
import { endpoint, type NoData } from './contract';
import { id, text } from './fields';
import type { AsShowDoc } from '../dbText';

/** mock/infoByPageId (times 'Y-m-d H:i:s') */
export interface MockInfo {
  id: number;
  unique_key: string;
  uid: number;
  page_id: number;
  item_id: number;
  template: string;
  path: string;
  view_times: number;
  addtime: string;
  last_update_time: string;
}

/** The mock row as ShowDoc fetches it: ids and view_times as text. */
export type MockInfoAnswer = AsShowDoc<MockInfo>;

/** mock/add: where the page's mock answers (page_id a number: ShowDoc echoes the parameter it read as an int) */
export interface MockLink {
  page_id: number;
  path: string;
  unique_key: string;
}

/** Creates or replaces the page's mock; a template that cannot be generated is refused. */
export const add = endpoint<MockLink>()('mock/add', {
  page_id: id(),
  template: text({ raw: true, max: 1_000_000 }),
  /** '' = '/' */
  path: text(),
});

/** The page's mock ([] when it has none). */
export const infoByPageId = endpoint<MockInfoAnswer | NoData>()('mock/infoByPageId', { page_id: id() });

/** Answers the generated JSON itself, outside the envelope. */
export const infoByKey = endpoint<never>()('mock/infoByKey', { unique_key: text({ max: 64 }) });
