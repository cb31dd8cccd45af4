// Open API credentials of an item (item/getKey, item/resetKey): api_key + api_token, random,
// created on first request; resetKey replaces the token (the key stays, as in ShowDoc).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { itemTokens } from '../../db/schema';

export type ItemTokenRow = typeof itemTokens.$inferSelect;

const randomHex = () => randomBytes(16).toString('hex');

export async function getOrCreateKey(deps: AppDeps, itemId: number): Promise<ItemTokenRow> {
  const [row] = await deps.db.select().from(itemTokens).where(eq(itemTokens.itemId, itemId)).limit(1);
  if (row) return row;
  const [created] = await deps.db
    .insert(itemTokens)
    .values({ itemId, apiKey: randomHex(), apiToken: randomHex(), addtime: deps.now() })
    .onConflictDoNothing({ target: itemTokens.itemId })
    .returning();
  if (created) return created;
  const [again] = await deps.db.select().from(itemTokens).where(eq(itemTokens.itemId, itemId)).limit(1);
  return again;
}

export async function resetToken(deps: AppDeps, itemId: number): Promise<ItemTokenRow> {
  await getOrCreateKey(deps, itemId);
  const [row] = await deps.db.update(itemTokens).set({ apiToken: randomHex() }).where(eq(itemTokens.itemId, itemId)).returning();
  return row;
}
