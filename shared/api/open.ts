// /api/open/*: the open API (no login): an item's api_key + api_token on every call.
// updatePage/updateItem upsert one page by catalog path and title; updateDbItem and fromComments
// take what ShowDoc's shell scripts (showdoc_db.sh, showdoc_api.sh) post and answer plain text.
import { endpoint } from './contract';
import { int, text } from './fields';
import { DEFAULT_S_NUMBER, PAGE_CONTENT_MAX_CHARS } from '../limits';
import type { Fetched } from '../dbText';

/** The page as stored, which ShowDoc returns (times are unix seconds here). */
export interface OpenPageRow {
  page_id: number;
  author_uid: number;
  author_username: string;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  addtime: number;
  page_comments: string;
  is_del: number;
  page_addtime: number;
  ext_info: string;
}

/** As ShowDoc sends the row: every number as text. */
export type OpenPageAnswer = Fetched<OpenPageRow>;

/** script bodies: a whole data dictionary or a source file's comments */
export const SCRIPT_MAX_CHARS = 5_000_000;

const credentials = {
  api_key: text({ max: 200 }),
  api_token: text({ max: 200 }),
};

/** 0 or absent = 99 */
const sNumber = () => int({ def: DEFAULT_S_NUMBER });

const pageByTitle = {
  ...credentials,
  /** catalog path 'a/b/c' (at most three levels) */
  cat_name: text({ max: 1000 }),
  /** appended to cat_name as one more level */
  cat_name_sub: text({ max: 1000 }),
  page_title: text({ max: 1000 }),
  page_content: text({ raw: true, max: PAGE_CONTENT_MAX_CHARS }),
  s_number: sNumber(),
};

export const updatePage = endpoint<OpenPageAnswer>()('open/updatePage', pageByTitle);
/** ShowDoc's older name of updatePage */
export const updateItem = endpoint<OpenPageAnswer>()('open/updateItem', pageByTitle);
/** The name older scripts call (ShowDoc's item/updateByApi): open/updateItem under the item controller */
export const updateByApi = endpoint<OpenPageAnswer>()('item/updateByApi', pageByTitle);

/** Answers plain text outside the envelope ('成功'), as ShowDoc's script prints it. */
export const updateDbItem = endpoint<never>()('open/updateDbItem', {
  ...credentials,
  table_info: text({ raw: true, max: SCRIPT_MAX_CHARS }),
  table_detail: text({ raw: true, max: SCRIPT_MAX_CHARS }),
  cat_name: text({ max: 1000 }),
  s_number: sNumber(),
});

/**
 * Answers plain text outside the envelope, as ShowDoc's script prints it. `content` is read from the
 * raw form body the PHP way (server/http/formBody.ts rawFormField): showdoc_api.sh does not encode it.
 */
export const fromComments = endpoint<never>()('open/fromComments', {
  ...credentials,
  content: text({ raw: true, max: SCRIPT_MAX_CHARS }),
});
