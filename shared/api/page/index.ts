// /api/page/*: reading, saving, history, diff, delete, share links, ordering and HTTP edit locks.
// The upload actions (upload, uploadImg, uploadList, deleteUploadFile) are declared in ./upload.ts.
import type { WorkbookDiff } from '../../sheet/diff';
import { z } from 'zod';
import { endpoint, type NoData } from '../contract';
import { flag, id, int, json, optional, text } from '../fields';
import { PAGE_TITLE_MAX_CHARS } from '../../limits';
import type { AsShowDoc, DbNum } from '../../dbText';

/** A page as page/info and page/diff show it (times 'Y-m-d H:i:s'; page_addtime falls back to addtime). */
export interface Page {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  addtime: string;
  /** creation time */
  page_addtime: string;
  page_comments: string;
  ext_info: string;
  is_del: number;
  version: number;
}

/** One step of page/info's full_path: the catalogs from the top level down, then the page. */
export type PathStep = { cat_id: number; cat_name: string } | { page_id: number; page_title: string };

/**
 * page/info and page/infoByKey. Read through a share link (unique_key), the page comes without
 * item_id and cat_id (nothing that points into the item) and with the link's expire_time.
 */
export interface PageInfo extends Omit<Page, 'item_id' | 'cat_id'> {
  item_id?: number;
  cat_id?: number;
  attachment_count: number;
  /** the page's live share key, '' when it has none */
  unique_key: string;
  /** share links only: unix time the link stops working, 0 = never */
  expire_time?: number;
  /** with_path=1 only */
  full_path?: PathStep[];
}

export interface PageHistoryEntry {
  page_history_id: number;
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  author_uid: number;
  author_username: string;
  page_comments: string;
  addtime: string;
}

export interface PageDiff {
  page: Page;
  history_page: PageHistoryEntry;
  /** spreadsheet pages: the cells that changed from the history version to the current one */
  sheet_diff?: WorkbookDiff;
}

/** As ShowDoc sends them (shared/dbText.ts): the page row's ids and flags as text; counts and Quire's version as numbers. */
export type PageAnswer = AsShowDoc<Page, 'version'>;
export type PageInfoAnswer = AsShowDoc<PageInfo, 'version' | 'attachment_count'>;
export type PageHistoryAnswer = AsShowDoc<PageHistoryEntry>;
export type PageDiffAnswer = AsShowDoc<PageDiff, 'version'>;

export interface SavedPage {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  version: number;
  /** Quire: the save created the page */
  created: boolean;
}

/**
 * page/save as ShowDoc answers it: saving over a page gives the page row read back (ids as text); a
 * new page gives the insert id (page_id a number), with Quire's additions as the row would have them.
 */
export type SavedPageAnswer = AsShowDoc<SavedPage, 'version' | 'created'> | AsShowDoc<SavedPage, 'version' | 'created' | 'page_id'>;

export interface SinglePageLink {
  unique_key: string;
  page_id: number;
  /** unix time, 0 = never */
  expire_time: number;
}

export interface LockInfo {
  lock: number;
  lock_uid: number;
  lock_username: string;
  /** Quire: 'http', 'session' (live editor) or 'exclusive'; '' when unlocked */
  lock_mode: string;
  is_cur_user: number;
  exceed: number;
}

/** page/isLock as ShowDoc sends it: lock_uid is the lock row's text, '' when the page is not locked; the flags are computed numbers. */
export type LockInfoAnswer = Omit<LockInfo, 'lock_uid'> & { lock_uid: DbNum | '' };

/** ShowDoc editors send page_content percent-encoded (is_urlencode=1): up to ten times the page limit. */
export const PAGE_CONTENT_PARAM_MAX_CHARS = 20_000_000;

export const info = endpoint<PageInfoAnswer>()('page/info', {
  page_id: id(),
  /** a share key: the page behind it, to anyone */
  unique_key: text({ max: 64 }),
  with_path: flag(),
});

export const infoByKey = endpoint<PageInfoAnswer>()('page/infoByKey', { unique_key: text({ required: true, max: 64 }) });

/** Creates a page (page_id 0: item_id required) or saves over one. */
export const save = endpoint<SavedPageAnswer>()('page/save', {
  page_id: id(),
  /** id or personal domain; for an existing page it must name the page's item */
  item_id: text({ max: 50 }),
  /** sent: move the page there (a new page goes to the root without it) */
  cat_id: optional(id()),
  page_title: text({ max: PAGE_TITLE_MAX_CHARS }),
  page_content: text({ raw: true, max: PAGE_CONTENT_PARAM_MAX_CHARS }),
  is_urlencode: flag(),
  /** 0 = keep (99 for a new page) */
  s_number: int({ min: 0, max: 1_000_000 }),
  page_comments: text({ max: 1000 }),
  /** sent: replace; absent: keep */
  ext_info: optional(text({ max: 20_000 })),
  /** Quire: a save the live editor makes for its document */
  from_collab: flag(),
});

export const history = endpoint<PageHistoryAnswer[]>()('page/history', { page_id: id() });

export const updateHistoryComments = endpoint<NoData>()('page/updateHistoryComments', {
  page_id: id(),
  page_history_id: id(),
  page_comments: text({ max: 1000 }),
});

export const diff = endpoint<PageDiffAnswer>()('page/diff', { page_id: id(), page_history_id: id() });

export const remove = endpoint<NoData>()('page/delete', { page_id: id(), item_id: text({ max: 50 }) });

/** isCreateSiglePage (ShowDoc's spelling) true/1 makes a new link, anything else cancels it ([] then). */
export const createSinglePage = endpoint<SinglePageLink | NoData>()('page/createSinglePage', {
  page_id: id(),
  isCreateSiglePage: text({ max: 10 }),
  /** 0 = never expires */
  expire_days: int({ min: 0, max: 3650 }),
});

/** page id → position */
const positions = z.record(z.string().regex(/^\d{1,10}$/), z.union([z.number().int().min(0).max(1_000_000), z.string().regex(/^\d{1,7}$/)]));

export const sort = endpoint<NoData>()('page/sort', {
  item_id: text({ required: true, max: 50 }),
  pages: json(positions, { required: true, max: 500_000 }),
});

/** lock_to in the past (ShowDoc sends 1000) releases the caller's lock; 0 = the default length. */
export const setLock = endpoint<{ id: number }>()('page/setLock', {
  page_id: id(),
  item_id: text({ max: 50 }),
  lock_to: int({ min: 0, max: 2_147_483_647 }),
});

export const isLock = endpoint<LockInfoAnswer>()('page/isLock', { page_id: id() });
