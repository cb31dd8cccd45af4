// Item rows → spec §3 Item shapes (myList rows, detail, info, keys). The visit password is a
// hash: never sent; `is_private` says whether there is one.
import type { ItemRow } from '../policies/itemAccess';
import type { ListedItem } from '../domain/items/myList';
import type { ItemTokenRow } from '../domain/items/keys';
import { formatTime } from './time';

export function presentItemBase(item: ItemRow) {
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

/** item/detail, item/update, item/attorn */
export function presentItemDetail(item: ItemRow) {
  return { ...presentItemBase(item), is_del: item.isDel, password: '', group_ids: [] as number[] };
}

export function presentListedItem(l: ListedItem) {
  return {
    ...presentItemBase(l.item),
    is_del: l.item.isDel,
    s_number: l.sNumber,
    creator: l.creator ? 1 : 0,
    manage: l.manage ? 1 : 0,
    is_star: 0,
  };
}

export function presentItemKey(t: ItemTokenRow) {
  return {
    id: t.id,
    item_id: t.itemId,
    api_key: t.apiKey,
    api_token: t.apiToken,
    addtime: formatTime(t.addtime),
    last_check_time: formatTime(t.lastCheckTime),
  };
}
