// Comments under pages (page_comment/*): top-level ones paged newest first, replies all at once.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pageComments } from '../schema';
import { firstRow } from './rows';

export type CommentRow = typeof pageComments.$inferSelect;
export type NewComment = Omit<typeof pageComments.$inferInsert, 'commentId' | 'isDeleted'>;

export async function insert(db: DbOrTx, row: NewComment): Promise<CommentRow> {
  const [created] = await db.insert(pageComments).values(row).returning();
  return created!;
}

export function findLive(db: DbOrTx, commentId: number): Promise<CommentRow | undefined> {
  return firstRow(db, pageComments, and(eq(pageComments.commentId, commentId), eq(pageComments.isDeleted, 0)));
}

/** Soft delete (ShowDoc's is_deleted); whether it was live. */
export async function markDeleted(db: DbOrTx, commentId: number): Promise<boolean> {
  const rows = await db
    .update(pageComments)
    .set({ isDeleted: 1 })
    .where(and(eq(pageComments.commentId, commentId), eq(pageComments.isDeleted, 0)))
    .returning({ id: pageComments.commentId });
  return rows.length > 0;
}

const liveTopOf = (pageId: number) => and(eq(pageComments.pageId, pageId), eq(pageComments.parentId, 0), eq(pageComments.isDeleted, 0));

export async function topLevelPage(db: DbOrTx, pageId: number, page: number, perPage: number): Promise<{ total: number; rows: CommentRow[] }> {
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(pageComments).where(liveTopOf(pageId)),
    db
      .select()
      .from(pageComments)
      .where(liveTopOf(pageId))
      .orderBy(desc(pageComments.commentId))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  return { total: Number(n), rows };
}

/** Live replies to these comments, oldest first. */
export function repliesTo(db: DbOrTx, parentIds: number[]): Promise<CommentRow[]> {
  if (!parentIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(pageComments)
    .where(and(inArray(pageComments.parentId, parentIds), eq(pageComments.isDeleted, 0)))
    .orderBy(asc(pageComments.commentId));
}
