// A user's notice inbox: newest first, mark read, delete. Every write is scoped to the
// owner (to_uid) in the same statement, so another user's notice id changes nothing.
import type { AppDeps } from '../../deps';
import * as noticeRepo from '../../db/repos/notices';
import type { NoticeRow } from '../../db/repos/notices';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

export function listNotices(deps: AppDeps, uid: number, opts: { unreadOnly: boolean; limit: number }): Promise<NoticeRow[]> {
  return noticeRepo.listOf(deps.db, uid, opts);
}

// Someone else's notice answers exactly like a missing one: ids reveal nothing.
const notFound = () => new ApiError(ErrorCode.GENERIC, 'Notice not found');

export async function markRead(deps: AppDeps, uid: number, noticeId: number): Promise<void> {
  // the first reading time is kept when a notice is opened again
  if (!(await noticeRepo.markRead(deps.db, uid, noticeId, deps.now()))) throw notFound();
}

export async function deleteNotice(deps: AppDeps, uid: number, noticeId: number): Promise<void> {
  if (!(await noticeRepo.deleteOwn(deps.db, uid, noticeId))) throw notFound();
}
