// page_comment/*: comments under a page (showdoc-behaviour §7.14). ShowDoc computes every field of
// a comment in PHP (ints, booleans), so they are plain numbers here, not fetched text.
// page_comment/mentionable is Quire's own: the members a comment may @mention.
import { endpoint } from './contract';
import { id, int, text } from './fields';
import { COMMENT_MAX_CHARS, COMMENT_PAGE_DEFAULT } from '../limits';

export interface PageComment {
  comment_id: number;
  /** 0: top level; else the comment this one replies to */
  parent_id: number;
  uid: number;
  username: string;
  /** raw text: the client escapes it */
  content: string;
  addtime: number;
  /** 'Y-m-d H:i' */
  addtime_text: string;
  is_owner: boolean;
  can_delete: boolean;
}

export interface PageCommentThread extends PageComment {
  replies: PageComment[];
}

export interface PageCommentList {
  /** top-level comments */
  total: number;
  page: number;
  comments: PageCommentThread[];
  /** Quire: whether the caller may add a comment (signed in, comments on, page readable) */
  can_comment: boolean;
}

/** Top-level comments newest first (`page` from 1, `count` of them), each with all its replies oldest first. */
export const getList = endpoint<PageCommentList>()('page_comment/getList', {
  page_id: id(),
  page: int({ def: 1, min: 1 }),
  count: int({ def: COMMENT_PAGE_DEFAULT, min: 1, max: 100 }),
});

export const add = endpoint<{ comment_id: number; message: string }>()('page_comment/add', {
  page_id: id(),
  content: text({ raw: true, max: COMMENT_MAX_CHARS * 4 }),
  parent_id: int({ def: 0, min: 0 }),
});

export const remove = endpoint<{ message: string }>()('page_comment/delete', { comment_id: id() });

export interface Mentionable {
  uid: number;
  username: string;
  name: string;
}

/** Members who may read the page, for the @mention suggestions (empty for callers who are not members). */
export const mentionable = endpoint<Mentionable[]>()('page_comment/mentionable', { page_id: id() });
