// item/update: name, description, personal domain and visibility of an item.
import type { AppDeps } from '../../deps';
import { updateFields, type ItemRow } from '../../db/repos/items';

export interface ItemChanges {
  name?: string;
  description?: string;
  domain?: string;
  passwordHash?: string;
}

export async function updateItem(deps: AppDeps, item: ItemRow, ch: ItemChanges): Promise<ItemRow> {
  const fields = {
    itemName: ch.name ?? item.itemName,
    itemDescription: ch.description ?? item.itemDescription,
    itemDomain: ch.domain ?? item.itemDomain,
    password: ch.passwordHash ?? item.password,
  };
  const row = await updateFields(deps.db, item.itemId, fields, deps.now());
  if (row.password !== item.password) deps.events.emit('item.accessChanged', { itemId: item.itemId });
  deps.events.emit('item.changed', { itemId: item.itemId });
  return row;
}
