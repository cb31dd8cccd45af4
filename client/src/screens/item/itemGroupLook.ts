// The item list's tabs: which list each shows, and how a group editor's rows become API calls.
import type { ItemGroup } from '../../api/endpoints/itemGroups';

/** item/myList's item_group_id of the fixed tabs */
export const ALL_ITEMS = 0;
export const STARRED = -1;

/** A row of the group editor: an existing group (id) or a new one (id undefined). */
export interface GroupDraft {
  key: string;
  id?: number;
  name: string;
  itemIds: number[];
}

export interface GroupChanges {
  /** new or changed groups, in order */
  save: GroupDraft[];
  /** ids of the groups removed */
  remove: number[];
  /** whether the existing groups changed order */
  reordered: boolean;
}

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** What the editor's rows change compared with the stored groups. */
export function groupChanges(stored: ItemGroup[], drafts: GroupDraft[]): GroupChanges {
  const byId = new Map(stored.map((g) => [g.id, g]));
  const kept = new Set(drafts.filter((d) => d.id !== undefined).map((d) => d.id!));
  const save = drafts.filter((d) => {
    if (d.id === undefined) return true;
    const g = byId.get(d.id);
    return !g || g.name !== d.name.trim() || !sameList(g.itemIds, d.itemIds);
  });
  const remove = stored.filter((g) => !kept.has(g.id)).map((g) => g.id);
  const oldOrder = stored.filter((g) => kept.has(g.id)).map((g) => g.id);
  const newOrder = drafts.filter((d) => d.id !== undefined).map((d) => d.id!);
  return { save, remove, reordered: drafts.some((d) => d.id === undefined) || !sameList(oldOrder, newOrder) };
}

/** A tab still shown after the groups changed: the same group, else all items. */
export function tabAfter(active: number, groups: ItemGroup[]): number {
  return active <= 0 || groups.some((g) => g.id === active) ? active : ALL_ITEMS;
}
