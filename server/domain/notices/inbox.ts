// A user's notice inbox: newest first, mark read, delete. Every write is scoped to the
// owner (to_uid) in the same statement, so another user's notice id changes nothing.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { notices } from '../../db/schema';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { NoticeRow } from './create';

export const NOTICE_LIST_DEFAULT = 20;
export const NOTICE_LIST_MAX = 100;

export async function listNotices(deps: AppDeps, uid: number, opts: { unreadOnly: boolean; limit: number }): Promise<NoticeRow[]> {
  const where = opts.unreadOnly ? and(eq(notices.toUid, uid), eq(notices.isRead, 0)) : eq(notices.toUid, uid);
  return deps.db.select().from(notices).where(where).orderBy(desc(notices.noticeId)).limit(opts.limit);
}

// Someone else's notice answers exactly like a missing one: ids reveal nothing.
const notFound = () => new ApiError(ErrorCode.GENERIC, 'Notice not found');

export async function markRead(deps: AppDeps, uid: number, noticeId: number): Promise<void> {
  const rows = await deps.db
    .update(notices)
    // the first reading time is kept when a notice is opened again
    .set({ isRead: 1, readTime: sql`case when ${notices.readTime} = 0 then ${deps.now()} else ${notices.readTime} end` })
    .where(and(eq(notices.noticeId, noticeId), eq(notices.toUid, uid)))
    .returning({ id: notices.noticeId });
  if (!rows.length) throw notFound();
}

export async function deleteNotice(deps: AppDeps, uid: number, noticeId: number): Promise<void> {
  const rows = await deps.db
    .delete(notices)
    .where(and(eq(notices.noticeId, noticeId), eq(notices.toUid, uid)))
    .returning({ id: notices.noticeId });
  if (!rows.length) throw notFound();
}
