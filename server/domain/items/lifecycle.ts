// Delete, archive and transfer (spec §4): each needs the item owner's login password, checked
// by the caller (api/item.ts) before these run. Archived items are read-only for good.
import type { AppDeps } from '../../deps';
import * as itemRepo from '../../db/repos/items';
import { deleteMembership } from '../../db/repos/members';
import type { ItemRow } from '../../db/repos/items';

/** Soft delete (purged later with its content by housekeeping). */
export async function deleteItem(deps: AppDeps, item: ItemRow): Promise<void> {
  await itemRepo.markDeleted(deps.db, item.itemId, deps.now());
  deps.events.emit('item.accessChanged', { itemId: item.itemId });
  deps.events.emit('item.changed', { itemId: item.itemId });
}

export async function archiveItem(deps: AppDeps, item: ItemRow): Promise<void> {
  await itemRepo.markArchived(deps.db, item.itemId, deps.now());
  deps.events.emit('item.accessChanged', { itemId: item.itemId });
  deps.events.emit('item.changed', { itemId: item.itemId });
}

/**
 * New owner; the previous owner keeps no membership (showdoc-behaviour §3.3). A membership the
 * new owner had is dropped: owning covers it.
 */
export async function attornItem(deps: AppDeps, item: ItemRow, to: { uid: number; username: string }): Promise<ItemRow> {
  const updated = await deps.db.transaction(async (tx) => {
    const row = await itemRepo.setOwner(tx, item.itemId, to, deps.now());
    await deleteMembership(tx, item.itemId, to.uid);
    return row;
  });
  deps.events.emit('item.attorned', { itemId: item.itemId, fromUid: item.uid, toUid: to.uid });
  deps.events.emit('item.accessChanged', { itemId: item.itemId, uids: [item.uid, to.uid] });
  deps.events.emit('item.changed', { itemId: item.itemId });
  return updated;
}

