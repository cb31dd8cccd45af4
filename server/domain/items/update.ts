// item/update: name, description, personal domain, visibility and the comment/feedback switches of an item.
import type { AppDeps } from '../../deps';
import { updateFields, type ItemRow } from '../../db/repos/items';
import { ITEM_TYPE } from '../../../shared/limits';

export interface ItemChanges {
  name?: string;
  description?: string;
  domain?: string;
  passwordHash?: string;
  /** comments / page feedback switches (ShowDoc keeps them for regular items only) */
  allowComment?: boolean;
  allowFeedback?: boolean;
}

const asSwitch = (on: boolean | undefined, current: number) => (on === undefined ? current : on ? 1 : 0);

export async function updateItem(deps: AppDeps, item: ItemRow, ch: ItemChanges): Promise<ItemRow> {
  const fields = {
    itemName: ch.name ?? item.itemName,
    itemDescription: ch.description ?? item.itemDescription,
    itemDomain: ch.domain ?? item.itemDomain,
    password: ch.passwordHash ?? item.password,
    allowComment: item.itemType === ITEM_TYPE.regular ? asSwitch(ch.allowComment, item.allowComment) : item.allowComment,
    allowFeedback: item.itemType === ITEM_TYPE.regular ? asSwitch(ch.allowFeedback, item.allowFeedback) : item.allowFeedback,
  };
  const row = await updateFields(deps.db, item.itemId, fields, deps.now());
  if (row.password !== item.password) deps.events.emit('item.accessChanged', { itemId: item.itemId });
  deps.events.emit('item.changed', { itemId: item.itemId });
  return row;
}
