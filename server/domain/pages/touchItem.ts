// A save moves its item's last_update_time (item lists sort by it; menu caches compare it) —
// at most once a second per item, and outside the save's statement, so concurrent saves in one
// item do not queue on the item row. This process skips the statement when it already moved the
// time this second. A single-page item is named after its page, as in ShowDoc: always written.
import type { AppDeps } from '../../deps';
import * as itemRepo from '../../db/repos/items';
import type { ItemRow } from '../../db/repos/items';
import * as itemTouches from '../../db/repos/itemTouches';
import { ITEM_TYPE } from '../../../shared/limits';

const touchedAt = new WeakMap<AppDeps['events'], Map<number, number>>();

export async function touchItem(deps: AppDeps, itemId: number, title: string, now: number): Promise<void> {
  let touched = touchedAt.get(deps.events);
  if (!touched) touchedAt.set(deps.events, (touched = new Map()));
  const item = await deps.reads.item(itemId, () => itemRepo.findLiveById(deps.db, itemId));
  const renames = item?.itemType === ITEM_TYPE.singlePage;
  if (!renames && touched.get(itemId) === now) return;
  // marked before the statement: the saves of the same second that arrive while it runs skip it
  // instead of queueing on the item row behind it (32 connections saving in one item did)
  const before = touched.get(itemId);
  touched.delete(itemId); // most recent last, so the oldest go first
  touched.set(itemId, now);
  if (touched.size > 10_000) touched.delete(touched.keys().next().value!);
  try {
    await itemTouches.touchForSave(deps.db, itemId, title, now);
  } catch (err) {
    // not moved after all: the next save tries again
    if (touched.get(itemId) === now) {
      if (before === undefined) touched.delete(itemId);
      else touched.set(itemId, before);
    }
    throw err;
  }
}

/** The item row as touchItem leaves it, from the row before (kept in the read cache instead of reloading it). */
export function touchedItem(item: ItemRow, title: string, now: number): ItemRow {
  const renames = item.itemType === ITEM_TYPE.singlePage && title !== '';
  return { ...item, lastUpdateTime: Math.max(item.lastUpdateTime, now), itemName: renames ? title : item.itemName };
}
