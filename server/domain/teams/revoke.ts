// After team rows that granted access are gone: one 'item.accessChanged' per item, naming the
// users who lost that grant (the realtime gateway re-checks and drops their sockets).
import type { AppDeps } from '../../deps';

export function announceLostAccess(deps: AppDeps, rows: { itemId: number; uid: number }[]): void {
  const byItem = new Map<number, Set<number>>();
  for (const r of rows) {
    if (!byItem.has(r.itemId)) byItem.set(r.itemId, new Set());
    byItem.get(r.itemId)!.add(r.uid);
  }
  for (const [itemId, uids] of byItem) deps.events.emit('item.accessChanged', { itemId, uids: [...uids] });
}
