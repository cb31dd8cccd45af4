// Single-page share links (single_pages): one key per page.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { singlePages } from '../schema';

export type ShareRow = typeof singlePages.$inferSelect;

export async function findByPage(db: DbOrTx, pageId: number): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(singlePages).where(eq(singlePages.pageId, pageId)).limit(1);
  return row;
}

/** @param key lower-case hex */
export async function findByKey(db: DbOrTx, key: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(singlePages).where(eq(singlePages.uniqueKey, key)).limit(1);
  return row;
}

export async function deleteById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(singlePages).where(eq(singlePages.id, id));
}

export async function deleteOfPage(db: DbOrTx, pageId: number): Promise<void> {
  await db.delete(singlePages).where(eq(singlePages.pageId, pageId));
}

export async function insert(db: DbOrTx, row: { uniqueKey: string; pageId: number; uid: number; expireTime: number; addtime: number }): Promise<ShareRow> {
  const [created] = await db.insert(singlePages).values(row).returning();
  return created;
}
