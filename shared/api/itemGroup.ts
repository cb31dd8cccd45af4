// /api/itemGroup/*: a user's own groups of items, shown as tabs above their item list
// (showdoc-behaviour §3.10). Rows come as ShowDoc's database gives them: every column a string.
import { z } from 'zod';
import { endpoint, type NoData } from './contract';
import { id, json, text } from './fields';
import { ITEM_GROUP_NAME_MAX_CHARS, ITEM_GROUP_ITEMS_MAX, ITEM_GROUPS_PER_USER_MAX } from '../limits';

/** itemGroup/getList: one of the caller's groups */
export interface ItemGroup {
  id: string;
  uid: string;
  group_name: string;
  /** the group's items as a comma list ('12,40') */
  item_ids: string;
  /** position among the tabs */
  s_number: string;
  /** 'Y-m-d H:i:s' */
  created_at: string;
  updated_at: string;
}

/** itemGroup/save: the stored group (ShowDoc leaves out uid) */
export type SavedItemGroup = Omit<ItemGroup, 'uid'>;

/** The caller's groups in tab order ([] when none). */
export const getList = endpoint<ItemGroup[]>()('itemGroup/getList', {});

/** Creates a group (id 0) or renames the caller's group and sets its items. */
export const save = endpoint<SavedItemGroup>()('itemGroup/save', {
  id: id(),
  group_name: text({ max: ITEM_GROUP_NAME_MAX_CHARS }),
  /** comma list of item ids */
  item_ids: text({ max: ITEM_GROUP_ITEMS_MAX * 11 }),
});

export const remove = endpoint<{ success: true }>()('itemGroup/delete', { id: id() });

const position = z.union([z.number().int(), z.string().regex(/^-?\d{1,9}$/).transform(Number)]);
const groupOrder = z
  .array(z.object({ id: position, s_number: position }))
  .max(ITEM_GROUPS_PER_USER_MAX * 2);

/** New tab positions: [{id, s_number}] (groups that are not the caller's are left alone). */
export const saveSort = endpoint<NoData>()('itemGroup/saveSort', { groups: json(groupOrder, { required: true, max: 20_000 }) });
