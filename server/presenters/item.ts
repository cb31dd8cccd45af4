// Item rows → spec §3 Item shapes (myList rows, detail, keys), with ShowDoc's types: what ShowDoc
// fetches as text (fetched), what it computes as numbers. The visit password is a hash: never sent;
// `is_private` says whether there is one, and item/detail gives managers a placeholder.
import type { ItemRow } from '../db/repos/items';
import type { ItemTokenRow } from '../db/repos/itemKeyPairs';
import type { ItemDetailAnswer, ItemKeyAnswer, ItemPwdAnswer, ListedItemAnswer, NewItemAnswer } from '../../shared/api/item';
import { formatTime } from './time';
import { fetched } from './fetched';
import { ITEM_PASSWORD_PLACEHOLDER } from '../../shared/limits';

export function presentItemBase(item: ItemRow) {
  return {
    ...fetched({
      item_id: item.itemId,
      uid: item.uid,
      username: item.username,
      item_name: item.itemName,
      item_description: item.itemDescription,
      item_domain: item.itemDomain,
      item_type: item.itemType,
      is_archived: item.isArchived,
      allow_comment: item.allowComment,
      allow_feedback: item.allowFeedback,
      addtime: formatTime(item.addtime),
      last_update_time: formatTime(item.lastUpdateTime),
      is_del: item.isDel,
    }),
    is_private: item.password ? (1 as const) : (0 as const),
  };
}

/** item/detail, item/update, item/attorn (managers only): a private item's password is the placeholder;
 * groupIds: the caller's groups holding the item (item/detail) */
export function presentItemDetail(item: ItemRow, groupIds: number[] = []): ItemDetailAnswer {
  return { ...presentItemBase(item), password: item.password ? ITEM_PASSWORD_PLACEHOLDER : '', group_ids: groupIds };
}

/** An item of the caller's list, with what the policies say the caller may do with it. */
export function presentListedItem(item: ItemRow, sNumber: number, rights: { creator: boolean; manage: boolean }, starred = false): ListedItemAnswer {
  return {
    ...presentItemBase(item),
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

export function presentItemKey(t: ItemTokenRow): ItemKeyAnswer {
  return fetched({
    id: t.id,
    item_id: t.itemId,
    api_key: t.apiKey,
    api_token: t.apiToken,
    addtime: formatTime(t.addtime),
    last_check_time: formatTime(t.lastCheckTime),
  });
}
