// Item keys (item_tokens): the api_key + api_token pair of the open API.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemTokens, items } from '../schema';

export interface KeyWithItem {
  apiKey: string;
  apiToken: string;
  itemId: number;
  isDel: number;
  isArchived: number;
}

/** The key row with its item's state (deleted items included: the caller decides). */
export async function findByApiKey(db: DbOrTx, apiKey: string): Promise<KeyWithItem | undefined> {
  const [row] = await db
    .select({ apiKey: itemTokens.apiKey, apiToken: itemTokens.apiToken, itemId: itemTokens.itemId, isDel: items.isDel, isArchived: items.isArchived })
    .from(itemTokens)
    .innerJoin(items, eq(items.itemId, itemTokens.itemId))
    .where(eq(itemTokens.apiKey, apiKey))
    .limit(1);
  return row;
}

export async function markChecked(db: DbOrTx, apiKey: string, now: number): Promise<void> {
  await db.update(itemTokens).set({ lastCheckTime: now }).where(eq(itemTokens.apiKey, apiKey));
}
