// item/update: name, description, personal domain and visibility of an item.
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { items } from '../../db/schema';
import type { ItemRow } from '../../policies/itemAccess';

export interface ItemChanges {
  name?: string;
  description?: string;
  domain?: string;
  passwordHash?: string;
}

export async function updateItem(deps: AppDeps, item: ItemRow, ch: ItemChanges): Promise<ItemRow> {
  const [row] = await deps.db
    .update(items)
    .set({
      itemName: ch.name ?? item.itemName,
      itemDescription: ch.description ?? item.itemDescription,
      itemDomain: ch.domain ?? item.itemDomain,
      password: ch.passwordHash ?? item.password,
      lastUpdateTime: deps.now(),
    })
    .where(eq(items.itemId, item.itemId))
    .returning();
  if (row.password !== item.password) deps.events.emit('item.accessChanged', { itemId: item.itemId });
  deps.events.emit('item.changed', { itemId: item.itemId });
  return row;
}
