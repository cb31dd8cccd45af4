// Attachments: stored files, their bindings to pages, their visit counters and the uploaders'
// monthly download flow.
import { and, count, desc, eq, gt, ilike, inArray, lte, notExists, notIlike, or, sql, sum, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { attachmentPages, attachments, fileFlow, pages, users } from '../schema';
import { escapeLike } from '../like';
import { anyRow, firstRow } from './rows';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachmentRow = typeof attachments.$inferInsert;
export type BindingRow = typeof attachmentPages.$inferSelect;

export interface ListFilter {
  /** only this uploader's files */
  uid?: number;
  /** -1 all, 1 images, 2 other files */
  attachmentType: number;
  displayName: string;
  /** uploader's username (admin list) */
  username: string;
  limit: number;
  offset: number;
}

export type ListedAttachment = AttachmentRow & { username: string };

/** A page of files, newest first, with their uploader's name, and how many match. */
export async function list(db: DbOrTx, f: ListFilter): Promise<{ list: ListedAttachment[]; total: number }> {
  const where: SQL[] = [];
  if (f.uid !== undefined) where.push(eq(attachments.uid, f.uid));
  if (f.attachmentType === 1) where.push(ilike(attachments.fileType, 'image/%'));
  if (f.attachmentType === 2) where.push(notIlike(attachments.fileType, 'image/%'));
  if (f.displayName) where.push(ilike(attachments.displayName, `%${escapeLike(f.displayName)}%`));
  if (f.username) where.push(ilike(users.username, `%${escapeLike(f.username)}%`));
  const cond = where.length ? and(...where) : undefined;
  const [{ n }] = await db.select({ n: count() }).from(attachments).leftJoin(users, eq(users.uid, attachments.uid)).where(cond);
  const rows = await db
    .select({ a: attachments, username: users.username })
    .from(attachments)
    .leftJoin(users, eq(users.uid, attachments.uid))
    .where(cond)
    .orderBy(desc(attachments.addtime), desc(attachments.fileId))
    .limit(f.limit)
    .offset(f.offset);
  return { list: rows.map((r) => ({ ...r.a, username: r.username ?? '' })), total: Number(n) };
}

/** Files bound to a page, oldest first. */
export async function ofPage(db: DbOrTx, pageId: number): Promise<AttachmentRow[]> {
  const rows = await db
    .select({ a: attachments })
    .from(attachmentPages)
    .innerJoin(attachments, eq(attachments.fileId, attachmentPages.fileId))
    .where(eq(attachmentPages.pageId, pageId))
    .orderBy(attachments.addtime, attachments.fileId);
  return rows.map((r) => r.a);
}

/** Files bound to the live pages of an item, with where each page stands (MCP list_attachments). */
export async function ofItemPages(db: DbOrTx, itemId: number): Promise<{ a: AttachmentRow; pageId: number; catId: number }[]> {
  return db
    .select({ a: attachments, pageId: pages.pageId, catId: pages.catId })
    .from(attachmentPages)
    .innerJoin(attachments, eq(attachments.fileId, attachmentPages.fileId))
    .innerJoin(pages, eq(pages.pageId, attachmentPages.pageId))
    .where(and(eq(attachmentPages.itemId, itemId), eq(pages.itemId, itemId), eq(pages.isDel, 0)))
    .orderBy(attachmentPages.pageId, attachments.addtime, attachments.fileId)
    .limit(1000);
}

/** Total stored bytes (of one uploader, or of everyone). */
export async function storedBytes(db: DbOrTx, uid?: number): Promise<number> {
  const [r] = await db
    .select({ s: sum(attachments.fileSize) })
    .from(attachments)
    .where(uid === undefined ? undefined : eq(attachments.uid, uid));
  return Number(r?.s ?? 0);
}

/** Bytes of this uploader's files served in a month ('YYYY-MM'). */
export async function flowBytes(db: DbOrTx, uid: number, month: string): Promise<number> {
  const [r] = await db
    .select({ used: fileFlow.used })
    .from(fileFlow)
    .where(and(eq(fileFlow.uid, uid), eq(fileFlow.dateMonth, month)));
  return Number(r?.used ?? 0);
}

export async function countVisit(db: DbOrTx, fileId: number, now: number): Promise<void> {
  await db
    .update(attachments)
    .set({ visitTimes: sql`${attachments.visitTimes} + 1`, lastVisitTime: now })
    .where(eq(attachments.fileId, fileId));
}

export async function addFlow(db: DbOrTx, uid: number, bytes: number, month: string): Promise<void> {
  await db
    .insert(fileFlow)
    .values({ uid, used: bytes, dateMonth: month })
    .onConflictDoUpdate({ target: [fileFlow.uid, fileFlow.dateMonth], set: { used: sql`${fileFlow.used} + ${bytes}` } });
}

/** first key of the upload quota locks (second: the uid, 0 for the site) */
const QUOTA_LOCK = 0x71756f74; // "quot"

/** Serialises the uploads of a user (or, with 0, of the site) until the transaction ends. */
export async function lockQuota(tx: DbOrTx, uid: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}::int, ${uid}::int)`);
}

export async function insert(db: DbOrTx, row: NewAttachmentRow): Promise<AttachmentRow> {
  const [created] = await db.insert(attachments).values(row).returning();
  return created;
}

export function findById(db: DbOrTx, fileId: number): Promise<AttachmentRow | undefined> {
  return firstRow(db, attachments, eq(attachments.fileId, fileId));
}

export function findBySign(db: DbOrTx, sign: string): Promise<AttachmentRow | undefined> {
  return firstRow(db, attachments, eq(attachments.sign, sign));
}

export async function deleteById(db: DbOrTx, fileId: number): Promise<void> {
  await db.delete(attachments).where(eq(attachments.fileId, fileId));
}

// --- bindings to pages ---

export function bindingsOf(db: DbOrTx, fileId: number): Promise<BindingRow[]> {
  return db.select().from(attachmentPages).where(eq(attachmentPages.fileId, fileId));
}

/** Whether any page binds the file. */
export function isBound(db: DbOrTx, fileId: number): Promise<boolean> {
  return anyRow(db, attachmentPages, eq(attachmentPages.fileId, fileId));
}

/** Binds files to a page (a binding that exists stays) and ends their orphan clocks. */
export async function bind(db: DbOrTx, fileIds: number[], page: { pageId: number; itemId: number }, now: number): Promise<void> {
  if (!fileIds.length) return;
  await db
    .insert(attachmentPages)
    .values(fileIds.map((fileId) => ({ fileId, pageId: page.pageId, itemId: page.itemId, addtime: now })))
    .onConflictDoNothing({ target: [attachmentPages.fileId, attachmentPages.pageId] });
  await db.update(attachments).set({ orphanSince: 0 }).where(inArray(attachments.fileId, fileIds));
}

/** A new file's binding (its page is known to be free of it). */
export async function insertBinding(db: DbOrTx, b: { fileId: number; pageId: number; itemId: number; now: number }): Promise<void> {
  await db.insert(attachmentPages).values({ fileId: b.fileId, pageId: b.pageId, itemId: b.itemId, addtime: b.now });
}

/** Removes every binding of a file; answers the pages it was bound to. */
export async function deleteBindingsOf(db: DbOrTx, fileId: number): Promise<number[]> {
  const rows = await db.delete(attachmentPages).where(eq(attachmentPages.fileId, fileId)).returning({ pageId: attachmentPages.pageId });
  return rows.map((r) => r.pageId);
}

/** Takes a file off a page; off its last page its orphan clock starts at `now`. */
export async function unbind(db: DbOrTx, fileId: number, pageId: number, now: number): Promise<void> {
  await db.delete(attachmentPages).where(and(eq(attachmentPages.fileId, fileId), eq(attachmentPages.pageId, pageId)));
  await db
    .update(attachments)
    .set({ orphanSince: now })
    .where(and(eq(attachments.fileId, fileId), notExists(db.select({ one: sql`1` }).from(attachmentPages).where(eq(attachmentPages.fileId, fileId)))));
}

/** Files with one of these signs bound to no page, uploaded to this item or (uid > 0) by this user. */
export async function orphansWithSigns(db: DbOrTx, signs: string[], itemId: number, uid: number): Promise<number[]> {
  const rows = await db
    .select({ fileId: attachments.fileId })
    .from(attachments)
    .where(
      and(
        inArray(attachments.sign, signs),
        or(eq(attachments.itemId, itemId), uid > 0 ? eq(attachments.uid, uid) : undefined),
        notExists(db.select({ one: sql`1` }).from(attachmentPages).where(eq(attachmentPages.fileId, attachments.fileId))),
      ),
    );
  return rows.map((r) => r.fileId);
}

/**
 * Where a file is bound: for each binding, the item of the page (or of the binding when the page
 * is gone) and the page's catalog (null when the page is gone).
 */
export async function bindingPlaces(db: DbOrTx, fileId: number): Promise<{ itemId: number; catId: number | null }[]> {
  const rows = await db
    .select({ bindItem: attachmentPages.itemId, pageItem: pages.itemId, catId: pages.catId })
    .from(attachmentPages)
    .leftJoin(pages, eq(pages.pageId, attachmentPages.pageId))
    .where(eq(attachmentPages.fileId, fileId));
  return rows.map((b) => ({ itemId: Number(b.pageItem ?? b.bindItem), catId: b.catId ?? null }));
}

// --- orphans (bound to no page) ---

const unbound = (db: DbOrTx) => notExists(db.select({ one: sql`1` }).from(attachmentPages).where(eq(attachmentPages.fileId, attachments.fileId)));

/** Starts the orphan clock of unbound files that have none (a binding removed without that note). */
export async function startOrphanClocks(db: DbOrTx, now: number): Promise<void> {
  await db.update(attachments).set({ orphanSince: now }).where(and(eq(attachments.orphanSince, 0), unbound(db)));
}

const orphanedBefore = (db: DbOrTx, before: number) => and(gt(attachments.orphanSince, 0), lte(attachments.orphanSince, before), unbound(db));

/** Up to `limit` files that have been orphans since `before` or earlier. */
export async function orphanedSince(db: DbOrTx, before: number, limit: number): Promise<number[]> {
  const rows = await db.select({ fileId: attachments.fileId }).from(attachments).where(orphanedBefore(db, before)).limit(limit);
  return rows.map((r) => r.fileId);
}

/** Deletes those of the files that are still orphans since `before` (one bound meanwhile stays); their stored objects. */
export async function deleteOrphans(db: DbOrTx, fileIds: number[], before: number): Promise<{ key: string; driver: string }[]> {
  if (!fileIds.length) return [];
  return db
    .delete(attachments)
    .where(and(inArray(attachments.fileId, fileIds), orphanedBefore(db, before)))
    .returning({ key: attachments.storageKey, driver: attachments.storageDriver });
}
