// A save moves its item's last_update_time (item lists sort by it; menu caches compare it) —
// at most once a second per item, and outside the save's statement, so concurrent saves in one
// item do not queue on the item row. This process skips the statement when it already moved the
// time this second. A single-page item is named after its page, as in ShowDoc: always written.
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { items } from '../../db/schema';
import { ITEM_TYPE } from '../../../shared/limits';
import { findItemCached } from '../../policies/load';
import type { ItemRow } from '../../policies/itemAccess';

const touchedAt = new WeakMap<AppDeps['events'], Map<number, number>>();

export async function touchItem(deps: AppDeps, itemId: number, title: string, now: number): Promise<void> {
  let touched = touchedAt.get(deps.events);
  if (!touched) touchedAt.set(deps.events, (touched = new Map()));
  const item = await findItemCached(deps, itemId);
  const renames = item?.itemType === ITEM_TYPE.singlePage;
  if (!renames && touched.get(itemId) === now) return;
  await deps.db
    .update(items)
    .set({
      lastUpdateTime: now,
      itemName: sql`case when ${items.itemType} = ${ITEM_TYPE.singlePage} and ${title} <> '' then ${title} else ${items.itemName} end`,
    })
    .where(and(eq(items.itemId, itemId), or(lt(items.lastUpdateTime, now), eq(items.itemType, ITEM_TYPE.singlePage))));
  touched.delete(itemId); // most recent last, so the oldest go first
  touched.set(itemId, now);
  if (touched.size > 10_000) touched.delete(touched.keys().next().value!);
}

/** The item row as touchItem leaves it, from the row before (kept in the read cache instead of reloading it). */
export function touchedItem(item: ItemRow, title: string, now: number): ItemRow {
  const renames = item.itemType === ITEM_TYPE.singlePage && title !== '';
  return { ...item, lastUpdateTime: Math.max(item.lastUpdateTime, now), itemName: renames ? title : item.itemName };
}
