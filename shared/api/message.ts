// /api/message/*: ShowDoc's messages. Reminders are the caller's own notices; announcements are
// the site's (adminMessage/addAnnouncement). Ids, flags and times are strings, as ShowDoc gives
// them; counts and getAnnouncementList's status are numbers, as there.
import { endpoint, type NoData } from './contract';
import { id, int } from './fields';

/** A message_content row of an announcement (message_content_id = id). */
export interface AnnouncementMessage {
  id: string;
  from_uid: string;
  from_name: string;
  /** announce_web | announce_runapi | announce_all */
  message_type: string;
  /** sanitised HTML */
  message_content: string;
  action_type: string;
  object_type: string;
  object_id: string;
  /** 'Y-m-d H:i:s' */
  addtime: string;
  message_content_id: string;
}

/** One of the caller's own notices as a ShowDoc remind message. */
export interface RemindMessage {
  id: string;
  from_uid: string;
  from_name: string;
  to_uid: string;
  message_type: 'remind';
  message_content_id: string;
  /** sanitised HTML in the reader's language */
  message_content: string;
  /** the notice's title in the reader's language (Quire's) */
  title: string;
  /** what happened: member_added, page_edited, job_done… */
  action_type: string;
  object_type: string;
  object_id: string;
  /** '0' unread, '1' read */
  status: string;
  addtime: string;
  readtime: string;
}

/** The gateway's 'announcement' push to every signed-in socket. */
export interface AnnouncementPush {
  notice_id: number;
  notice_title: string;
  notice_content: string;
  notice_time: string;
}

/** ShowDoc answers [] where there is no such message. */
export interface Unread {
  remind: RemindMessage | NoData;
  announce: AnnouncementMessage | NoData;
}

export interface RemindList {
  total: number;
  list: RemindMessage[];
}

export const REMIND_LIST_MAX = 100;

export const getUnread = endpoint<Unread>()('message/getUnread', {});
export const getUnreadRemind = endpoint<RemindMessage | NoData>()('message/getUnreadRemind', {});
export const getRemindList = endpoint<RemindList>()('message/getRemindList', {
  page: int({ def: 1, min: 1, max: 100_000 }),
  count: int({ def: 15, min: 1, max: REMIND_LIST_MAX }),
});
export const getAnnouncementList = endpoint<(AnnouncementMessage & { status: number })[]>()('message/getAnnouncementList', {});
/** from_uid is sent by ShowDoc's client and not needed: a message_content_id names one message. */
export const setRead = endpoint<NoData>()('message/setRead', { message_content_id: id(), from_uid: id() });
export const remove = endpoint<NoData>()('message/delete', { message_content_id: id(), from_uid: id() });
