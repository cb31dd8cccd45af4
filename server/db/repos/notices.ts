// Notices: a user's inbox. Every write is scoped to the owner (to_uid) in the same statement.
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { notices } from '../schema';
import { anyRow, deleteAny } from './rows';

export type NoticeRow = typeof notices.$inferSelect;

export interface NewNotice {
  toUid: number;
  fromUid: number;
  fromName: string;
  noticeType: string;
  noticeTitle: string;
  noticeContent: string;
  objectType: string;
  objectId: number;
  noticeTime: number;
}

export async function insert(db: DbOrTx, rows: NewNotice[]): Promise<NoticeRow[]> {
  if (!rows.length) return [];
  return db.insert(notices).values(rows).returning();
}

/** A user's notices, newest first. */
export function listOf(db: DbOrTx, uid: number, opts: { unreadOnly: boolean; limit: number }): Promise<NoticeRow[]> {
  const where = opts.unreadOnly ? and(eq(notices.toUid, uid), eq(notices.isRead, 0)) : eq(notices.toUid, uid);
  return db.select().from(notices).where(where).orderBy(desc(notices.noticeId)).limit(opts.limit);
}

/** Marks a notice of this user read, keeping the first reading time; whether there was one. */
export async function markRead(db: DbOrTx, uid: number, noticeId: number, now: number): Promise<boolean> {
  const rows = await db
    .update(notices)
    .set({ isRead: 1, readTime: sql`case when ${notices.readTime} = 0 then ${now} else ${notices.readTime} end` })
    .where(and(eq(notices.noticeId, noticeId), eq(notices.toUid, uid)))
    .returning({ id: notices.noticeId });
  return rows.length > 0;
}

/** Deletes a notice of this user; whether there was one. */
export function deleteOwn(db: DbOrTx, uid: number, noticeId: number): Promise<boolean> {
  return deleteAny(db, notices, and(eq(notices.noticeId, noticeId), eq(notices.toUid, uid)));
}

/** Serialises the writers of one kind of notice (a check, then an insert) until the transaction ends. */
export async function lockKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Whether a user has a notice about this object (a job's, keyed on its id). */
export function existsForObject(db: DbOrTx, toUid: number, objectType: string): Promise<boolean> {
  return anyRow(db, notices, and(eq(notices.toUid, toUid), eq(notices.objectType, objectType)));
}

/** Whether a user was told since `since` that this editor edited this page. */
export async function pageEditedSince(db: DbOrTx, q: { toUid: number; pageId: number; fromUid: number; since: number }): Promise<boolean> {
  const [hit] = await db
    .select({ id: notices.noticeId })
    .from(notices)
    .where(
      and(
        eq(notices.toUid, q.toUid),
        eq(notices.noticeType, 'page_edited'),
        eq(notices.objectType, 'page'),
        eq(notices.objectId, q.pageId),
        eq(notices.fromUid, q.fromUid),
        gt(notices.noticeTime, q.since),
      ),
    )
    .limit(1);
  return !!hit;
}

/** How many notices of their own a user has (ShowDoc's remind list total). */
export async function countOf(db: DbOrTx, uid: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notices).where(eq(notices.toUid, uid));
  return Number(row?.n ?? 0);
}

export async function findById(db: DbOrTx, noticeId: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(eq(notices.noticeId, noticeId)).limit(1);
  return row;
}
