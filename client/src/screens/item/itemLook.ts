// Small presentation helpers for items: avatar colour, link, type, ownership.
import { ITEM_TYPE } from '@shared/limits';
import { flag } from '../../api';
import type { ItemSummary } from '@shared/api/item';

const PALETTE = ['#3b5bdb', '#0c8599', '#2b8a3e', '#e8590c', '#c2255c', '#7048e8', '#1971c2', '#5c940d', '#d6336c', '#f08c00'];

export function itemAvatarColor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[h % PALETTE.length];
}

export function avatarLetter(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

export type ItemTypeKey = 'regular' | 'singlePage' | 'readOnly' | 'table';

export function itemTypeKey(type: ItemSummary['item_type']): ItemTypeKey {
  switch (Number(type)) {
    case ITEM_TYPE.singlePage:
      return 'singlePage';
    case ITEM_TYPE.readOnlyDisplay:
      return 'readOnly';
    case ITEM_TYPE.table:
      return 'table';
    default:
      return 'regular';
  }
}

export function ownsItem(item: ItemSummary, uid: number | undefined): boolean {
  if (item.uid !== undefined && uid !== undefined) return Number(item.uid) === uid;
  return flag(item.creator);
}

/** Items matching a search text (name or description, case-insensitive). */
export function filterItems(items: ItemSummary[], text: string): ItemSummary[] {
  const q = text.trim().toLowerCase();
  if (!q) return items;
  return items.filter((i) => i.item_name.toLowerCase().includes(q) || (i.item_description ?? '').toLowerCase().includes(q));
}

/** item/sort payload: item_id → position 1..n in the given order. */
export function sortPayload(items: ItemSummary[]): Record<string, number> {
  const out: Record<string, number> = {};
  items.forEach((i, idx) => (out[String(i.item_id)] = idx + 1));
  return out;
}
