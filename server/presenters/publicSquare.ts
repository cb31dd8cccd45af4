// Public square rows → ShowDoc's getPublicItems answer (ids and types as text, times formatted).
import type { PublicItemRow } from '../db/repos/publicSquare';
import type { PublicItems } from '../../shared/api/publicSquare';
import { fetched } from './fetched';
import { formatTime } from './time';

export function presentPublicItems(total: number, rows: PublicItemRow[]): PublicItems {
  return {
    total,
    items: rows.map((r) =>
      fetched({
        item_id: r.itemId,
        item_name: r.itemName,
        item_description: r.itemDescription,
        item_type: r.itemType,
        addtime: formatTime(r.addtime),
        last_update_time: formatTime(r.lastUpdateTime),
        item_domain: r.itemDomain || String(r.itemId),
      }),
    ),
  };
}
