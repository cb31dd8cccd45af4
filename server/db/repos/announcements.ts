// Announcements: notices addressed to everyone (to_uid 0, notice_type 'announcement'), with each
// user's read (or put-away) state in announcement_reads. A user sees the announcements made after
// they registered; administrators see them all (ShowDoc's rule).
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { announcementReads, notices } from '../schema';
import type { NoticeRow } from './notices';
import { executeNamed } from '../prepared';

export const ANNOUNCEMENT = 'announcement';

export interface NewAnnouncement {
  fromUid: number;
  fromName: string;
  /** ShowDoc's message_type: announce_web | announce_runapi | announce_all */
  messageType: string;
  /** the administrator's text (HTML allowed; sanitised when shown) */
  content: string;
  time: number;
}

export async function insert(db: DbOrTx, a: NewAnnouncement): Promise<NoticeRow> {
  const [row] = await db
    .insert(notices)
    .values({
      toUid: 0,
      fromUid: a.fromUid,
      fromName: a.fromName,
      noticeType: ANNOUNCEMENT,
      noticeTitle: 'Announcement',
      noticeContent: a.content,
      objectType: a.messageType,
      objectId: 0,
      noticeTime: a.time,
    })
    .returning();
  return row;
}

const isAnnouncement = and(eq(notices.toUid, 0), eq(notices.noticeType, ANNOUNCEMENT))!;

/** Every announcement, newest first (the admin console's list). */
export function listAll(db: DbOrTx, opts: { offset: number; limit: number }): Promise<NoticeRow[]> {
  return db.select().from(notices).where(isAnnouncement).orderBy(desc(notices.noticeId)).offset(opts.offset).limit(opts.limit);
}

/** the announcement rows this user may see (made after they registered, or any for an admin) */
const visibleTo = (uid: number): SQL =>
  sql`(${notices.toUid} = 0 and ${notices.noticeType} = ${ANNOUNCEMENT} and exists (
    select 1 from users u where u.uid = ${uid} and (u.groupid = 1 or ${notices.noticeTime} > u.reg_time)))`;

const readJoin = (uid: number) => and(eq(announcementReads.noticeId, notices.noticeId), eq(announcementReads.uid, uid));

/** the row's read flag for this user: its own for a personal notice, the read marker's for an announcement */
const readFlag = sql<number>`(case when ${notices.toUid} = 0 then (case when ${announcementReads.uid} is null then 0 else 1 end) else ${notices.isRead} end)::int`;

/** A user's inbox: their own notices and the announcements they may see (not put away), newest first. */
export async function inbox(db: DbOrTx, uid: number, opts: { unreadOnly: boolean; limit: number; offset?: number; announcementsOnly?: boolean; personalOnly?: boolean }): Promise<NoticeRow[]> {
  const mine = eq(notices.toUid, uid);
  const theirs = sql`(${visibleTo(uid)} and coalesce(${announcementReads.hidden}, 0) = 0)`;
  const scope = opts.announcementsOnly ? theirs : opts.personalOnly ? mine : sql`(${mine} or ${theirs})`;
  const rows = await db
    .select({ n: notices, isRead: readFlag })
    .from(notices)
    .leftJoin(announcementReads, readJoin(uid))
    .where(opts.unreadOnly ? and(scope, sql`${readFlag} = 0`) : scope)
    .orderBy(desc(notices.noticeId))
    .offset(opts.offset ?? 0)
    .limit(opts.limit);
  return rows.map((r) => ({ ...r.n, isRead: r.isRead }));
}

/** A user's unread personal notices and unread announcements, in one statement (item/info asks on every request). */
export async function countAllUnread(db: DbOrTx, uid: number): Promise<number> {
  const [row] = await executeNamed<{ n: number }>(
    db,
    'unread_count',
    sql`select ((select count(*) from ${notices} where ${notices.toUid} = ${uid} and ${notices.isRead} = 0)
      + (select count(*) from ${notices} left join ${announcementReads} on ${readJoin(uid)}
         where ${visibleTo(uid)} and ${announcementReads.uid} is null))::int as n`,
  );
  return Number(row?.n ?? 0);
}

/** Marks an announcement this user may see as read; whether there is such an announcement. */
export async function markRead(db: DbOrTx, uid: number, noticeId: number, now: number): Promise<boolean> {
  const [visible] = await db.select({ id: notices.noticeId }).from(notices).where(and(eq(notices.noticeId, noticeId), visibleTo(uid))).limit(1);
  if (!visible) return false;
  await db.insert(announcementReads).values({ uid, noticeId, readTime: now }).onConflictDoNothing();
  return true;
}

/** Puts an announcement away from this user's list (read as well); whether there is such an announcement. */
export async function hide(db: DbOrTx, uid: number, noticeId: number, now: number): Promise<boolean> {
  const [visible] = await db.select({ id: notices.noticeId }).from(notices).where(and(eq(notices.noticeId, noticeId), visibleTo(uid))).limit(1);
  if (!visible) return false;
  await db
    .insert(announcementReads)
    .values({ uid, noticeId, readTime: now, hidden: 1 })
    .onConflictDoUpdate({ target: [announcementReads.uid, announcementReads.noticeId], set: { hidden: 1 } });
  return true;
}

export async function findById(db: DbOrTx, noticeId: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(and(eq(notices.noticeId, noticeId), isAnnouncement)).limit(1);
  return row;
}
