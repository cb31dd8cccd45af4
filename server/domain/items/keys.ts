// Open API credentials of an item (item/getKey, item/resetKey): api_key + api_token, random,
// created on first request; resetKey replaces the token (the key stays, as in ShowDoc).
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import * as keyRepo from '../../db/repos/itemKeyPairs';
import type { ItemTokenRow } from '../../db/repos/itemKeyPairs';

export type { ItemTokenRow };

const randomHex = () => randomBytes(16).toString('hex');

export async function getOrCreateKey(deps: AppDeps, itemId: number): Promise<ItemTokenRow> {
  const row = await keyRepo.findByItem(deps.db, itemId);
  if (row) return row;
  const created = await keyRepo.insertIfAbsent(deps.db, { itemId, apiKey: randomHex(), apiToken: randomHex(), addtime: deps.now() });
  if (created) return created;
  // another request created it meanwhile
  return (await keyRepo.findByItem(deps.db, itemId))!;
}

export async function resetToken(deps: AppDeps, itemId: number): Promise<ItemTokenRow> {
  await getOrCreateKey(deps, itemId);
  return keyRepo.setToken(deps.db, itemId, randomHex());
}
