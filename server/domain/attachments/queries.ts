// Listing attachments (a page's files, my files, all files) and usage figures.
import { and, count, desc, eq, ilike, notIlike, sql, sum, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { attachmentPages, attachments, fileFlow, users } from '../../db/schema';
import { escapeLike } from '../../db/like';
import type { AttachmentRow } from './store';

export interface ListFilter {
  /** only this uploader's files */
  uid?: number;
  /** -1 all, 1 images, 2 other files */
  attachmentType: number;
  displayName: string;
  /** uploader's username (admin list) */
  username: string;
  page: number;
  count: number;
}

export type ListedAttachment = AttachmentRow & { username: string };

export async function listAttachments(deps: AppDeps, f: ListFilter): Promise<{ list: ListedAttachment[]; total: number }> {
  const where: SQL[] = [];
  if (f.uid !== undefined) where.push(eq(attachments.uid, f.uid));
  if (f.attachmentType === 1) where.push(ilike(attachments.fileType, 'image/%'));
  if (f.attachmentType === 2) where.push(notIlike(attachments.fileType, 'image/%'));
  if (f.displayName) where.push(ilike(attachments.displayName, `%${escapeLike(f.displayName)}%`));
  if (f.username) where.push(ilike(users.username, `%${escapeLike(f.username)}%`));
  const cond = where.length ? and(...where) : undefined;
  const [{ n }] = await deps.db.select({ n: count() }).from(attachments).leftJoin(users, eq(users.uid, attachments.uid)).where(cond);
  const rows = await deps.db
    .select({ a: attachments, username: users.username })
    .from(attachments)
    .leftJoin(users, eq(users.uid, attachments.uid))
    .where(cond)
    .orderBy(desc(attachments.addtime), desc(attachments.fileId))
    .limit(f.count)
    .offset((f.page - 1) * f.count);
  return { list: rows.map((r) => ({ ...r.a, username: r.username ?? '' })), total: Number(n) };
}

/** Files bound to a page, oldest first. */
export async function pageAttachments(deps: AppDeps, pageId: number): Promise<AttachmentRow[]> {
  const rows = await deps.db
    .select({ a: attachments })
    .from(attachmentPages)
    .innerJoin(attachments, eq(attachments.fileId, attachmentPages.fileId))
    .where(eq(attachmentPages.pageId, pageId))
    .orderBy(attachments.addtime, attachments.fileId);
  return rows.map((r) => r.a);
}

/** Total stored bytes (of one uploader, or of everyone). */
export async function usedBytes(deps: AppDeps, uid?: number): Promise<number> {
  const [r] = await deps.db
    .select({ s: sum(attachments.fileSize) })
    .from(attachments)
    .where(uid === undefined ? undefined : eq(attachments.uid, uid));
  return Number(r?.s ?? 0);
}

export const monthOf = (now: number) => {
  const d = new Date(now * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Bytes of this uploader's files served this month. */
export async function usedFlowBytes(deps: AppDeps, uid: number): Promise<number> {
  const [r] = await deps.db
    .select({ used: fileFlow.used })
    .from(fileFlow)
    .where(and(eq(fileFlow.uid, uid), eq(fileFlow.dateMonth, monthOf(deps.now()))));
  return Number(r?.used ?? 0);
}

/** A visit: counters on the file and the uploader's monthly flow, in one transaction. */
export async function recordVisit(deps: AppDeps, row: AttachmentRow): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(attachments)
      .set({ visitTimes: sql`${attachments.visitTimes} + 1`, lastVisitTime: now })
      .where(eq(attachments.fileId, row.fileId));
    await tx
      .insert(fileFlow)
      .values({ uid: row.uid, used: row.fileSize, dateMonth: monthOf(now) })
      .onConflictDoUpdate({ target: [fileFlow.uid, fileFlow.dateMonth], set: { used: sql`${fileFlow.used} + ${row.fileSize}` } });
  });
}
