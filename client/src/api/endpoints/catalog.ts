// /api/catalog/*
import type * as catalogApi from '@shared/api/catalog';
import { callAction } from '../http';
import type { Id } from '../ids';

export const listGroup = (item_id: Id) => callAction<typeof catalogApi.catListGroup>('catalog/catListGroup', { item_id: String(item_id) }, { loading: false });
export const listName = (item_id: Id) => callAction<typeof catalogApi.catListName>('catalog/catListName', { item_id: String(item_id) }, { loading: false });
export const pagesByCat = (item_id: Id, cat_id: Id) => callAction<typeof catalogApi.getPagesBycat>('catalog/getPagesBycat', { item_id: String(item_id), cat_id });
export const save = (p: { item_id: Id; cat_id?: Id; parent_cat_id?: Id; cat_name: string }) =>
  callAction<typeof catalogApi.save>('catalog/save', { ...p, item_id: String(p.item_id) });
export const remove = (p: { item_id: Id; cat_id: Id }) => callAction<typeof catalogApi.remove>('catalog/delete', { ...p, item_id: String(p.item_id) });
export const batUpdate = (item_id: Id, cats: Array<{ cat_id: Id; cat_name?: string; parent_cat_id: Id; level: number; s_number: number }>) =>
  callAction<typeof catalogApi.batUpdate>('catalog/batUpdate', { item_id: String(item_id), cats: cats.map((c) => ({ ...c, cat_id: Number(c.cat_id), parent_cat_id: Number(c.parent_cat_id) })) });
export const copy = (p: { cat_id: Id; new_p_cat_id: Id; to_item_id: Id; is_del: 0 | 1 }) => callAction<typeof catalogApi.copy>('catalog/copy', p);
