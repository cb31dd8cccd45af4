// A user's notice inbox: their own notices and the site's announcements, newest first; mark read,
// delete. Every write is scoped to the owner (to_uid) in the same statement, so another user's
// notice id changes nothing; an announcement is marked read (or put away) for the caller only.
import type { AppDeps } from '../../deps';
import * as noticeRepo from '../../db/repos/notices';
import * as announcementRepo from '../../db/repos/announcements';
import type { NoticeRow } from '../../db/repos/notices';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

export interface InboxQuery {
  unreadOnly: boolean;
  limit: number;
  offset?: number;
  /** only the user's own notices (ShowDoc's reminders), no announcements */
  personalOnly?: boolean;
}

export function listNotices(deps: AppDeps, uid: number, q: InboxQuery): Promise<NoticeRow[]> {
  return announcementRepo.inbox(deps.db, uid, q);
}

// Someone else's notice answers exactly like a missing one: ids reveal nothing.
const notFound = () => new ApiError(ErrorCode.GENERIC, 'Notice not found');

export async function markRead(deps: AppDeps, uid: number, noticeId: number): Promise<void> {
  // the first reading time is kept when a notice is opened again
  const done = (await noticeRepo.markRead(deps.db, uid, noticeId, deps.now())) || (await announcementRepo.markRead(deps.db, uid, noticeId, deps.now()));
  if (!done) throw notFound();
  deps.events.emit('notice.read', { uid });
}

export async function deleteNotice(deps: AppDeps, uid: number, noticeId: number): Promise<void> {
  const done = (await noticeRepo.deleteOwn(deps.db, uid, noticeId)) || (await announcementRepo.hide(deps.db, uid, noticeId, deps.now()));
  if (!done) throw notFound();
  deps.events.emit('notice.read', { uid });
}

/** How many notices of their own a user has (without announcements). */
export function countPersonal(deps: AppDeps, uid: number): Promise<number> {
  return noticeRepo.countOf(deps.db, uid);
}
