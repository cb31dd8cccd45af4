// An item's open API key pair (item_tokens) as item/getKey and item/resetKey keep it: created on first
// request, the token replaced on reset. (Checking a key is the open API's: itemKeys.ts.)
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemTokens } from '../schema';
import { firstRow } from './rows';

export type ItemTokenRow = typeof itemTokens.$inferSelect;

export function findByItem(db: DbOrTx, itemId: number): Promise<ItemTokenRow | undefined> {
  return firstRow(db, itemTokens, eq(itemTokens.itemId, itemId));
}

/** Inserts the item's pair; undefined when another request created one first. */
export async function insertIfAbsent(db: DbOrTx, row: { itemId: number; apiKey: string; apiToken: string; addtime: number }): Promise<ItemTokenRow | undefined> {
  const [created] = await db.insert(itemTokens).values(row).onConflictDoNothing({ target: itemTokens.itemId }).returning();
  return created;
}

export async function setToken(db: DbOrTx, itemId: number, apiToken: string): Promise<ItemTokenRow> {
  const [row] = await db.update(itemTokens).set({ apiToken }).where(eq(itemTokens.itemId, itemId)).returning();
  return row;
}
