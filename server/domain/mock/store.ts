// Mock definitions: one per page (template + path), reachable publicly by item + path or by key.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { items, mocks, pages } from '../../db/schema';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { MOCK_LIMITS } from '../../mock/limits';

export type MockRow = typeof mocks.$inferSelect;

/** '/x' form of a mock path; clear error for one that cannot be a path. */
export function normalizeMockPath(raw: string): string {
  let p = raw.trim();
  if (!p.startsWith('/')) p = '/' + p;
  if (p.length > MOCK_LIMITS.pathChars) {
    throw new ApiError(ErrorCode.GENERIC, 'The mock path is too long (max {max} characters)', { max: MOCK_LIMITS.pathChars });
  }
  if (/[\u0000-\u001f\u007f]/.test(p)) throw new ApiError(ErrorCode.GENERIC, 'The mock path contains control characters');
  return p;
}

export async function mockOfPage(db: DbOrTx, pageId: number): Promise<MockRow | undefined> {
  const [row] = await db.select().from(mocks).where(eq(mocks.pageId, pageId)).limit(1);
  return row;
}

export async function mockByPath(db: DbOrTx, itemId: number, path: string): Promise<MockRow | undefined> {
  const [row] = await db
    .select()
    .from(mocks)
    .where(and(eq(mocks.itemId, itemId), eq(mocks.path, path)))
    .orderBy(asc(mocks.id))
    .limit(1);
  return row;
}

export async function mockByKey(db: DbOrTx, key: string): Promise<MockRow | undefined> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(key)) return undefined;
  const [row] = await db.select().from(mocks).where(eq(mocks.uniqueKey, key)).limit(1);
  return row;
}

export async function countMockView(db: DbOrTx, id: number): Promise<void> {
  await db.update(mocks).set({ viewTimes: sql`${mocks.viewTimes} + 1` }).where(eq(mocks.id, id));
}

export interface SaveMockInput {
  pageId: number;
  itemId: number;
  uid: number;
  template: string;
  path: string;
}

/** Creates or replaces the page's mock; a path used by another page of the item is refused. */
export async function saveMock(db: Db, input: SaveMockInput, now: number): Promise<MockRow> {
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: mocks.id })
      .from(mocks)
      .where(and(eq(mocks.itemId, input.itemId), eq(mocks.path, input.path), ne(mocks.pageId, input.pageId)))
      .limit(1);
    if (clash) {
      throw new ApiError(ErrorCode.GENERIC, 'The mock path {path} is already used by another page of this item', { path: input.path });
    }
    const existing = await mockOfPage(tx, input.pageId);
    if (existing) {
      const [row] = await tx
        .update(mocks)
        .set({ uid: input.uid, template: input.template, path: input.path, itemId: input.itemId, lastUpdateTime: now })
        .where(eq(mocks.id, existing.id))
        .returning();
      return row;
    }
    const [row] = await tx
      .insert(mocks)
      .values({
        uniqueKey: randomBytes(16).toString('hex'),
        uid: input.uid,
        pageId: input.pageId,
        itemId: input.itemId,
        template: input.template,
        path: input.path,
        addtime: now,
        lastUpdateTime: now,
      })
      .returning();
    return row;
  });
}

/** Whether the mock's item and page still exist (deleted ones stop answering). */
export async function mockIsLive(db: DbOrTx, row: MockRow): Promise<boolean> {
  const [hit] = await db
    .select({ id: pages.pageId })
    .from(pages)
    .innerJoin(items, eq(items.itemId, pages.itemId))
    .where(and(eq(pages.pageId, row.pageId), eq(pages.isDel, 0), eq(items.itemId, row.itemId), eq(items.isDel, 0)))
    .limit(1);
  return !!hit;
}
