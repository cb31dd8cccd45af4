// Single-page share links (single_pages): one key per page.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { singlePages } from '../schema';
import { firstRow } from './rows';

export type ShareRow = typeof singlePages.$inferSelect;

/** @param key lower-case hex */
export function findByKey(db: DbOrTx, key: string): Promise<ShareRow | undefined> {
  return firstRow(db, singlePages, eq(singlePages.uniqueKey, key));
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
