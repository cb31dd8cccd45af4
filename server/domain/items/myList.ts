// item/myList: the items a user owns, is a member of, or reaches through a team (deleted ones
// excluded), in item_id order, then re-ordered by the user's saved drag order (item/sort).
// item_group_id picks a tab: 0 all, > 0 one of the user's groups, -1 their starred items.
// What the user may do in each item is the policies' to say: each entry carries the user's grants.
import type { DbOrTx } from '../../db/client';
import * as itemRepo from '../../db/repos/items';
import * as itemSortRepo from '../../db/repos/itemSort';
import { grantsOfUserOnAllItems, type GrantRow } from '../../db/repos/grants';
import type { ItemRow } from '../../db/repos/items';
import { starredItemIds } from '../../db/repos/itemStars';
import { itemsOfGroup } from './groups';

/** item_group_id of the "Starred" tab */
export const STARRED_GROUP_ID = -1;

export interface ListedItem {
  item: ItemRow;
  /** the user's grants on the item (personal and through teams); [] for none, and in the original list */
  grants: GrantRow[];
  /** sort key (saved drag position, else item_id) */
  sNumber: number;
  /** the user starred it */
  starred: boolean;
}

/** `original`: only the user's own items (ShowDoc's "my items" tab). */
export async function listMyItems(db: DbOrTx, uid: number, opts: { original: boolean; groupId: number }): Promise<ListedItem[]> {
  const grantsByItem = new Map<number, GrantRow[]>();
  if (!opts.original) {
    for (const { itemId, ...grant } of await grantsOfUserOnAllItems(db, uid)) {
      const list = grantsByItem.get(itemId) ?? [];
      list.push(grant);
      grantsByItem.set(itemId, list);
    }
  }
  const [rows, order, starred, inGroup] = await Promise.all([
    itemRepo.liveItemsOwnedOrIn(db, uid, [...grantsByItem.keys()]),
    itemSortRepo.findOrder(db, uid, opts.groupId),
    starredItemIds(db, uid),
    opts.groupId > 0 ? itemsOfGroup(db, uid, opts.groupId).then((ids) => new Set(ids)) : undefined,
  ]);
  const shown = rows.filter((item) => (opts.groupId === STARRED_GROUP_ID ? starred.has(item.itemId) : !inGroup || inGroup.has(item.itemId)));
  const listed = shown.map((item) => {
    const pos = Number((order ?? {})[String(item.itemId)]);
    return { item, grants: grantsByItem.get(item.itemId) ?? [], sNumber: Number.isFinite(pos) ? pos : item.itemId, starred: starred.has(item.itemId) };
  });
  if (order) listed.sort((a, b) => a.sNumber - b.sNumber || a.item.itemId - b.item.itemId);
  return listed;
}

/** item/sort: stores the user's drag order ({item_id: position}) for one list group. */
export async function saveItemOrder(db: DbOrTx, uid: number, groupId: number, order: Record<string, number>, now: number): Promise<void> {
  await itemSortRepo.saveOrder(db, uid, groupId, order, now);
}
