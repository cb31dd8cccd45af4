// Mock definitions (mocks): one per page, reachable publicly by item + path or by key.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items, mocks, pages } from '../schema';
import { anyRow, firstRow } from './rows';

export type MockRow = typeof mocks.$inferSelect;

export function findOfPage(db: DbOrTx, pageId: number): Promise<MockRow | undefined> {
  return firstRow(db, mocks, eq(mocks.pageId, pageId));
}

/** The first mock of the item with this path. */
export async function findByPath(db: DbOrTx, itemId: number, path: string): Promise<MockRow | undefined> {
  const [row] = await db
    .select()
    .from(mocks)
    .where(and(eq(mocks.itemId, itemId), eq(mocks.path, path)))
    .orderBy(asc(mocks.id))
    .limit(1);
  return row;
}

export function findByKey(db: DbOrTx, key: string): Promise<MockRow | undefined> {
  return firstRow(db, mocks, eq(mocks.uniqueKey, key));
}

export async function countView(db: DbOrTx, id: number): Promise<void> {
  await db.update(mocks).set({ viewTimes: sql`${mocks.viewTimes} + 1` }).where(eq(mocks.id, id));
}

/** Whether another page of the item has a mock with this path. */
export function pathTakenByOther(db: DbOrTx, itemId: number, path: string, pageId: number): Promise<boolean> {
  return anyRow(db, mocks, and(eq(mocks.itemId, itemId), eq(mocks.path, path), ne(mocks.pageId, pageId)));
}

export async function update(db: DbOrTx, id: number, m: { uid: number; itemId: number; template: string; path: string; now: number }): Promise<MockRow> {
  const [row] = await db
    .update(mocks)
    .set({ uid: m.uid, template: m.template, path: m.path, itemId: m.itemId, lastUpdateTime: m.now })
    .where(eq(mocks.id, id))
    .returning();
  return row;
}

export async function insert(db: DbOrTx, m: { uniqueKey: string; uid: number; pageId: number; itemId: number; template: string; path: string; now: number }): Promise<MockRow> {
  const [row] = await db
    .insert(mocks)
    .values({ uniqueKey: m.uniqueKey, uid: m.uid, pageId: m.pageId, itemId: m.itemId, template: m.template, path: m.path, addtime: m.now, lastUpdateTime: m.now })
    .returning();
  return row;
}

/** Whether the mock's item and page still exist (deleted ones stop answering). */
export async function pageAndItemLive(db: DbOrTx, row: Pick<MockRow, 'pageId' | 'itemId'>): Promise<boolean> {
  const [hit] = await db
    .select({ id: pages.pageId })
    .from(pages)
    .innerJoin(items, eq(items.itemId, pages.itemId))
    .where(and(eq(pages.pageId, row.pageId), eq(pages.isDel, 0), eq(items.itemId, row.itemId), eq(items.isDel, 0)))
    .limit(1);
  return !!hit;
}
