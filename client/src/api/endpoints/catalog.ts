// /api/catalog/*
import { call } from '../http';
import type { CatalogRow, Id, MenuPage } from '../types';

export const listGroup = (item_id: Id) => call<CatalogRow[]>('catalog/catListGroup', { item_id }, { loading: false });
export const listName = (item_id: Id) => call<CatalogRow[]>('catalog/catListName', { item_id }, { loading: false });
export const pagesByCat = (item_id: Id, cat_id: Id) => call<MenuPage[]>('catalog/getPagesBycat', { item_id, cat_id });
export const save = (p: { item_id: Id; cat_id?: Id; parent_cat_id?: Id; cat_name: string }) => call<Id>('catalog/save', p);
export const remove = (p: { item_id: Id; cat_id: Id }) => call('catalog/delete', p);
export const batUpdate = (item_id: Id, cats: Array<{ cat_id: Id; cat_name?: string; parent_cat_id: Id; level: number; s_number: number }>) =>
  call('catalog/batUpdate', { item_id, cats });
export const copy = (p: { cat_id: Id; new_p_cat_id: Id; to_item_id: Id; is_del: 0 | 1 }) => call('catalog/copy', p);
