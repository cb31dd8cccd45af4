// Site announcements (adminMessage/addAnnouncement): one notice addressed to everyone, shown in
// every user's notices and pushed live to whoever is online ('announcement.created' → the
// realtime gateway of every process).
import type { AppDeps } from '../../deps';
import * as announcementRepo from '../../db/repos/announcements';
import type { NoticeRow } from '../../db/repos/notices';

export const ANNOUNCEMENT_TYPES = ['announce_web', 'announce_runapi', 'announce_all'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export interface AnnouncementInput {
  from: { uid: number; name: string };
  content: string;
  messageType: AnnouncementType;
  /** when it is dated (ShowDoc's send_at); now when absent */
  time?: number;
}

export async function postAnnouncement(deps: AppDeps, a: AnnouncementInput): Promise<NoticeRow> {
  const row = await announcementRepo.insert(deps.db, {
    fromUid: a.from.uid,
    fromName: a.from.name.slice(0, 200),
    messageType: a.messageType,
    content: a.content,
    time: a.time ?? deps.now(),
  });
  deps.events.emit('announcement.created', { noticeId: row.noticeId });
  return row;
}

export function listAnnouncements(deps: AppDeps, page: number, count: number): Promise<NoticeRow[]> {
  return announcementRepo.listAll(deps.db, { offset: (page - 1) * count, limit: count });
}

/** The announcements a user may see, newest first, with their read state. */
export function announcementsFor(deps: AppDeps, uid: number, opts: { unreadOnly: boolean; limit: number }): Promise<NoticeRow[]> {
  return announcementRepo.inbox(deps.db, uid, { ...opts, announcementsOnly: true });
}

export function findAnnouncement(deps: AppDeps, noticeId: number): Promise<NoticeRow | undefined> {
  return announcementRepo.findById(deps.db, noticeId);
}
