// Item groups (itemGroup/*): each user's own tabs above their item list. A group only names items;
// item/myList shows the ones the user can reach, so a group can never open an item to anyone.
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import * as groupRepo from '../../db/repos/itemGroups';
import type { ItemGroupRow } from '../../db/repos/itemGroups';
import { ApiError, badParam } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { ITEM_GROUP_ITEMS_MAX, ITEM_GROUPS_PER_USER_MAX } from '../../../shared/limits';

export type { ItemGroupRow };

/** '12, 40,' → [12, 40] (ShowDoc's comma list); anything but ids is refused. */
export function parseItemIds(raw: string): number[] {
  const parts = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.some((s) => !/^\d{1,10}$/.test(s) || Number(s) > 2_147_483_647)) throw badParam('Parameter {name} has an invalid value', { name: 'item_ids' });
  const ids = [...new Set(parts.map(Number).filter((n) => n > 0))];
  if (ids.length > ITEM_GROUP_ITEMS_MAX) throw badParam('A group holds at most {max} items', { max: ITEM_GROUP_ITEMS_MAX });
  return ids;
}

export function listGroups(db: DbOrTx, uid: number): Promise<ItemGroupRow[]> {
  return groupRepo.listOfUser(db, uid);
}

/** Creates a group (id 0, at the end of the tabs) or renames the user's own group and sets its items. */
export async function saveGroup(deps: AppDeps, uid: number, input: { id: number; name: string; itemIds: number[] }): Promise<ItemGroupRow> {
  if (!input.name) throw badParam('Please enter the group name');
  const now = deps.now();
  if (input.id > 0) {
    const row = await groupRepo.updateOfUser(deps.db, uid, input.id, { groupName: input.name, itemIds: input.itemIds, now });
    if (!row) throw new ApiError(ErrorCode.NO_PERMISSION, 'No permission');
    return row;
  }
  return deps.db.transaction(async (tx) => {
    if ((await groupRepo.listOfUser(tx, uid)).length >= ITEM_GROUPS_PER_USER_MAX) {
      throw badParam('You can have at most {max} item groups', { max: ITEM_GROUPS_PER_USER_MAX });
    }
    return groupRepo.insert(tx, { uid, groupName: input.name, itemIds: input.itemIds, sNumber: await groupRepo.nextPosition(tx, uid), now });
  });
}

/** Deletes the user's own group (10101 otherwise, as ShowDoc). */
export async function deleteGroup(deps: AppDeps, uid: number, id: number): Promise<void> {
  if (id <= 0) throw badParam('Parameter {name} has an invalid value', { name: 'id' });
  if (!(await deps.db.transaction((tx) => groupRepo.deleteOfUser(tx, uid, id)))) throw badParam('No permission');
}

/** New tab positions; entries naming another user's group are skipped. */
export async function sortGroups(deps: AppDeps, uid: number, order: { id: number; s_number: number }[]): Promise<void> {
  if (!order.length) throw badParam('Parameter {name} is required', { name: 'groups' });
  await deps.db.transaction(async (tx) => {
    for (const g of order) if (g.id > 0) await groupRepo.setPosition(tx, uid, g.id, g.s_number);
  });
}

/** item/add, item/update's item_group_ids: a JSON array ('[1,"2"]') or a comma list ('1,2'); [] when empty. */
export function parseGroupIds(raw: string, single: number): number[] {
  const text = raw.trim();
  if (!text) return single > 0 ? [single] : [];
  let parts: unknown[];
  try {
    const parsed: unknown = JSON.parse(text);
    parts = Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    parts = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  }
  const ids = parts.map((v) => (typeof v === 'number' || (typeof v === 'string' && /^\d{1,10}$/.test(v)) ? Number(v) : NaN));
  if (ids.some((n) => !Number.isSafeInteger(n) || n < 0 || n > 2_147_483_647)) throw badParam('Parameter {name} has an invalid value', { name: 'item_group_ids' });
  return [...new Set(ids.filter((n) => n > 0))];
}

/**
 * Puts the item in these groups of the user (groups that are not theirs are ignored). `exact`
 * (item/update): it also leaves the user's other groups.
 */
export async function placeInGroups(deps: AppDeps, uid: number, itemId: number, groupIds: number[], exact: boolean): Promise<void> {
  const wanted = new Set(groupIds);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    for (const g of await groupRepo.listOfUser(tx, uid)) {
      const has = g.itemIds.includes(itemId);
      if (wanted.has(g.id) && !has) {
        if (g.itemIds.length >= ITEM_GROUP_ITEMS_MAX) throw badParam('A group holds at most {max} items', { max: ITEM_GROUP_ITEMS_MAX });
        await groupRepo.setItemIds(tx, uid, g.id, [...g.itemIds, itemId], now);
      } else if (exact && !wanted.has(g.id) && has) {
        await groupRepo.setItemIds(tx, uid, g.id, g.itemIds.filter((id) => id !== itemId), now);
      }
    }
  });
}

/** item/detail's group_ids: the user's groups that hold the item. */
export async function groupsHolding(db: DbOrTx, uid: number, itemId: number): Promise<number[]> {
  return (await groupRepo.listOfUser(db, uid)).filter((g) => g.itemIds.includes(itemId)).map((g) => g.id);
}

/** The items of one of the user's groups; [] for a group that is not theirs (ShowDoc: an empty tab). */
export async function itemsOfGroup(db: DbOrTx, uid: number, groupId: number): Promise<number[]> {
  return (await groupRepo.findOfUser(db, uid, groupId))?.itemIds ?? [];
}
