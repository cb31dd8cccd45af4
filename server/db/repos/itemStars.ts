// Items a user starred (item/star, item/unstar).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemStars } from '../schema';
import { deleteAny } from './rows';

/** Stars the item (again: the same row); its id. */
export async function star(db: DbOrTx, uid: number, itemId: number, now: number): Promise<number> {
  const [row] = await db
    .insert(itemStars)
    .values({ uid, itemId, createdAt: now })
    .onConflictDoUpdate({ target: [itemStars.uid, itemStars.itemId], set: { createdAt: now } })
    .returning({ id: itemStars.id });
  return row!.id;
}

export function unstar(db: DbOrTx, uid: number, itemId: number): Promise<boolean> {
  return deleteAny(db, itemStars, and(eq(itemStars.uid, uid), eq(itemStars.itemId, itemId)));
}

export async function starredItemIds(db: DbOrTx, uid: number): Promise<Set<number>> {
  const rows = await db.select({ itemId: itemStars.itemId }).from(itemStars).where(eq(itemStars.uid, uid));
  return new Set(rows.map((r) => r.itemId));
}
