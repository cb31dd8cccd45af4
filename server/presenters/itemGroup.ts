// itemGroup/* answers: the row as ShowDoc's database gives it (every column a string).
import type { ItemGroup, SavedItemGroup } from '../../shared/api/itemGroup';
import type { ItemGroupRow } from '../db/repos/itemGroups';
import { formatTime } from './time';

export function presentItemGroup(g: ItemGroupRow): ItemGroup {
  return {
    id: String(g.id),
    uid: String(g.uid),
    group_name: g.groupName,
    item_ids: g.itemIds.join(','),
    s_number: String(g.sNumber),
    created_at: formatTime(g.createdAt),
    updated_at: formatTime(g.updatedAt),
  };
}

/** itemGroup/save leaves out the owner */
export function presentSavedItemGroup(g: ItemGroupRow): SavedItemGroup {
  const { uid: _uid, ...rest } = presentItemGroup(g);
  return rest;
}
