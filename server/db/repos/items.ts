// Items: the SQL of the items area. Items are found by numeric id or personal domain; deleted
// ones (is_del = 1, in the recycle period) are not "live".
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items } from '../schema';

export type ItemRow = typeof items.$inferSelect;

/** a live item by id */
export async function findLiveById(db: DbOrTx, itemId: number): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(items).where(and(eq(items.itemId, itemId), eq(items.isDel, 0))).limit(1);
  return row;
}

/** a live item by personal domain */
export async function findLiveByDomain(db: DbOrTx, domain: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(items).where(and(eq(items.itemDomain, domain), eq(items.isDel, 0))).limit(1);
  return row;
}
