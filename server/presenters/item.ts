// Item rows → spec §3 Item shapes (myList rows, detail, keys). The visit password is a hash:
// never sent; `is_private` says whether there is one.
import type { ItemRow } from '../db/repos/items';
import type { ItemTokenRow } from '../db/repos/itemKeyPairs';
import type { ItemBase, ItemDetail, ItemKey, ItemSummary, ItemPwdAnswer, NewItemAnswer } from '../../shared/api/item';
import { formatTime } from './time';

export function presentItemBase(item: ItemRow): ItemBase {
  return {
    item_id: item.itemId,
    uid: item.uid,
    username: item.username,
    item_name: item.itemName,
    item_description: item.itemDescription,
    item_domain: item.itemDomain,
    item_type: item.itemType,
    is_private: item.password ? 1 : 0,
    is_archived: item.isArchived,
    addtime: formatTime(item.addtime),
    last_update_time: formatTime(item.lastUpdateTime),
  };
}

/** item/detail, item/update, item/attorn; groupIds: the caller's groups holding the item (item/detail) */
export function presentItemDetail(item: ItemRow, groupIds: number[] = []): ItemDetail {
  return { ...presentItemBase(item), is_del: item.isDel, password: '', group_ids: groupIds };
}

/** An item of the caller's list, with what the policies say the caller may do with it. */
export function presentListedItem(item: ItemRow, sNumber: number, rights: { creator: boolean; manage: boolean }, starred = false): ItemSummary {
  return {
    ...presentItemBase(item),
    is_del: item.isDel,
    s_number: sNumber,
    creator: rights.creator ? 1 : 0,
    manage: rights.manage ? 1 : 0,
    is_star: starred ? 1 : 0,
  };
}

export function presentNewItem(item: ItemRow): NewItemAnswer {
  return { item_id: item.itemId };
}

export function presentItemPwd(item: ItemRow, referUrl: string): ItemPwdAnswer {
  return { item_id: item.itemId, refer_url: referUrl };
}

export function presentItemKey(t: ItemTokenRow): ItemKey {
  return {
    id: t.id,
    item_id: t.itemId,
    api_key: t.apiKey,
    api_token: t.apiToken,
    addtime: formatTime(t.addtime),
    last_check_time: formatTime(t.lastCheckTime),
  };
}
