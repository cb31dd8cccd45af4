// Notice rows → spec §3 "Notice"; the title is translated and the content sanitised for the reader.
import { localize } from '../../shared/messages';
import type { NoticeRow } from '../db/repos/notices';
import type { Done, Notice, UnreadCount } from '../../shared/api/notice';
import { noticeHtml } from './announcement';
import { formatTime } from './time';

export async function presentNotice(n: NoticeRow, lang: 'en' | 'zh'): Promise<Notice> {
  return {
    notice_id: n.noticeId,
    notice_type: n.noticeType,
    notice_title: localize(n.noticeTitle, lang),
    notice_content: await noticeHtml(n, lang),
    from_uid: n.fromUid,
    from_name: n.fromName,
    object_type: n.objectType.startsWith('job:') ? 'job' : n.objectType,
    object_id: n.objectId,
    notice_time: formatTime(n.noticeTime),
    is_read: n.isRead,
  };
}

export const presentUnreadCount = (n: number): UnreadCount => ({ unread_count: n });

/** ShowDoc's answer to a done change. */
export const DONE: Done = 1;
