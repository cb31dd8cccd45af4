// /api/notice/*: the caller's own notices.
import { endpoint } from './contract';
import { id, int, oneOf } from './fields';

export interface Notice {
  notice_id: number;
  /** member_added, team_added, item_attorned, team_attorned, page_edited, job_done, job_failed */
  notice_type: string;
  /** in the reader's language */
  notice_title: string;
  /** sanitised HTML in the reader's language */
  notice_content: string;
  from_uid: number;
  from_name: string;
  /** 'item', 'team', 'page' or 'job' */
  object_type: string;
  object_id: number;
  /** 'Y-m-d H:i:s' */
  notice_time: string;
  is_read: number;
}

export interface UnreadCount {
  unread_count: number;
}

/** ShowDoc answers 1 for a done change. */
export type Done = 1;

export const NOTICE_LIST_DEFAULT = 20;
export const NOTICE_LIST_MAX = 100;

export const getList = endpoint<Notice[]>()('notice/getList', {
  notice_type: oneOf(['all', 'unread'] as const, 'all'),
  count: int({ def: NOTICE_LIST_DEFAULT, min: 1, max: NOTICE_LIST_MAX }),
});
export const getUnreadCount = endpoint<UnreadCount>()('notice/getUnreadCount', {});
export const setRead = endpoint<Done>()('notice/setRead', { notice_id: id() });
export const remove = endpoint<Done>()('notice/delete', { notice_id: id() });
