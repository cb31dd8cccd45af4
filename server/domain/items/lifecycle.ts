// Delete, archive and transfer (spec §4): each needs the item owner's login password, checked
// by the caller (api/item.ts) before these run. Archived items are read-only for good.
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { itemMembers, items } from '../../db/schema';
import type { ItemRow } from '../../policies/itemAccess';

/** Soft delete (purged later with its content by housekeeping). */
export async function deleteItem(deps: AppDeps, item: ItemRow): Promise<void> {
  const now = deps.now();
  await deps.db.update(items).set({ isDel: 1, delTime: now, lastUpdateTime: now }).where(eq(items.itemId, item.itemId));
  deps.events.emit('item.accessChanged', { itemId: item.itemId });
  deps.events.emit('item.changed', { itemId: item.itemId });
}

export async function archiveItem(deps: AppDeps, item: ItemRow): Promise<void> {
  await deps.db.update(items).set({ isArchived: 1, lastUpdateTime: deps.now() }).where(eq(items.itemId, item.itemId));
  deps.events.emit('item.accessChanged', { itemId: item.itemId });
  deps.events.emit('item.changed', { itemId: item.itemId });
}

/**
 * New owner; the previous owner keeps no membership (showdoc-behaviour §3.3). A membership the
 * new owner had is dropped: owning covers it.
 */
export async function attornItem(deps: AppDeps, item: ItemRow, to: { uid: number; username: string }): Promise<ItemRow> {
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(items)
      .set({ uid: to.uid, username: to.username, lastUpdateTime: deps.now() })
      .where(eq(items.itemId, item.itemId))
      .returning();
    await tx.delete(itemMembers).where(and(eq(itemMembers.itemId, item.itemId), eq(itemMembers.uid, to.uid)));
    return row;
  });
  deps.events.emit('item.attorned', { itemId: item.itemId, fromUid: item.uid, toUid: to.uid });
  deps.events.emit('item.accessChanged', { itemId: item.itemId, uids: [item.uid, to.uid] });
  deps.events.emit('item.changed', { itemId: item.itemId });
  return updated;
}

