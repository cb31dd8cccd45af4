// The address of an item's display. Its own module: the reader imports it, and the item list's
// other helpers (itemLook.ts) stay out of the reader route's first load.
import type { ItemSummary } from '@shared/api/item';

/** The address of the item display: personal domain when set, else the id. */
export function itemPath(item: { item_id: ItemSummary['item_id']; item_domain?: string }): string {
  return `/${encodeURIComponent(item.item_domain || String(item.item_id))}`;
}
