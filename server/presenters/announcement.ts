// Announcements as ShowDoc's message endpoints give them (message_content rows: ids and times as
// strings, since ShowDoc's database layer hands every column over as text) and as the live push.
// The administrator's text keeps its newlines as <br> (ShowDoc's nl2br) and is sanitised for the
// reader like every notice.
import { localize } from '../../shared/messages';
import type { AnnouncementMessage, AnnouncementPush, RemindMessage } from '../../shared/api/message';
import type { NoticeRow } from '../db/repos/notices';
import { sanitizeNoticeHtml } from './noticeHtml';
import { formatTime } from './time';

type Lang = 'en' | 'zh';

export const isAnnouncementRow = (n: NoticeRow) => n.toUid === 0 && n.noticeType === 'announcement';

/** what a notice's content shows: an announcement's newlines become line breaks */
export function noticeHtml(n: NoticeRow, lang: Lang): Promise<string> {
  const html = isAnnouncementRow(n) ? n.noticeContent.replace(/\r?\n/g, '<br>\n') : n.noticeContent;
  return sanitizeNoticeHtml(html, lang);
}

/** ShowDoc's sender of announcements */
const announcer = (lang: Lang) => localize('System announcement', lang);

export async function presentAnnouncement(n: NoticeRow, lang: Lang): Promise<AnnouncementMessage> {
  const id = String(n.noticeId);
  return {
    id,
    from_uid: '0',
    from_name: announcer(lang),
    message_type: n.objectType || 'announce_web',
    message_content: await noticeHtml(n, lang),
    action_type: '',
    object_type: '',
    object_id: '0',
    addtime: formatTime(n.noticeTime),
    message_content_id: id,
  };
}

/** getAnnouncementList adds the reader's state: 1 read, 0 unread (a number in ShowDoc too) */
export async function presentAnnouncementWithStatus(n: NoticeRow, lang: Lang): Promise<AnnouncementMessage & { status: number }> {
  return { ...(await presentAnnouncement(n, lang)), status: n.isRead ? 1 : 0 };
}

/** A notice of the user's own as ShowDoc's remind message (message joined with its content). */
export async function presentRemind(n: NoticeRow, lang: Lang): Promise<RemindMessage> {
  const id = String(n.noticeId);
  return {
    id,
    from_uid: String(n.fromUid),
    from_name: n.fromName,
    to_uid: String(n.toUid),
    message_type: 'remind',
    message_content_id: id,
    message_content: await noticeHtml(n, lang),
    title: localize(n.noticeTitle, lang),
    action_type: n.noticeType,
    object_type: n.objectType.startsWith('job:') ? 'job' : n.objectType,
    object_id: String(n.objectId),
    status: String(n.isRead),
    addtime: formatTime(n.noticeTime),
    readtime: formatTime(n.readTime),
  };
}

/** the gateway's 'announcement' push, in the socket's language */
export async function presentAnnouncementPush(n: NoticeRow, lang: Lang): Promise<AnnouncementPush> {
  return { notice_id: n.noticeId, notice_title: localize(n.noticeTitle, lang), notice_content: await noticeHtml(n, lang), notice_time: formatTime(n.noticeTime) };
}
