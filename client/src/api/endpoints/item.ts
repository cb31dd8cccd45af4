// /api/item/*, /api/import/auto, export addresses
import { apiUrl, call, callAction, upload } from '../http';
import type * as itemSearchApi from '@shared/api/item/search';
import type { Id, ItemInfo, ItemKey, ItemSummary } from '../types';

export const myList = (original = false) => call<ItemSummary[]>('item/myList', original ? { original: 1 } : {}, { loading: false });

/** item/info (id or personal domain); 10303/10307 send the reader to the password screen. */
export const info = (p: { item_id: Id; keyword?: string; default_page_id?: Id }) =>
  call<ItemInfo>('item/info', p, { itemPassword: { itemId: p.item_id, pageId: p.default_page_id }, loading: !!p.keyword });

export const search = (p: { item_id: Id; keyword: string; page?: number }) =>
  callAction<typeof itemSearchApi.search>('item/search', p, { itemPassword: { itemId: p.item_id } });
export const exitItem = (item_id: Id) => call('item/exitItem', { item_id });
/** positions: item_id → position */
export const sort = (positions: Record<string, number>) => call('item/sort', { data: positions });

export const add = (p: { item_type: Id; item_name: string; item_description?: string; item_domain?: string; password?: string }) =>
  call<{ item_id: Id }>('item/add', p);
export const copy = (p: { copy_item_id: Id; item_name: string; item_description?: string; password?: string }) => call<{ item_id: Id }>('item/add', p);

export const detail = (item_id: Id) => call<ItemSummary & { password?: string }>('item/detail', { item_id });
/** Item password (captcha after 10206/10308 is handled by the screen). */
export const pwd = (p: { item_id: Id; page_id?: Id; password: string; v_code?: string }, expect: readonly number[] | 'all') =>
  call<{ refer_url?: string }>('item/pwd', p, { expect, redirectLogin: false });
export const update = (p: { item_id: Id; item_name: string; item_description?: string; item_domain?: string; password?: string }) =>
  call('item/update', p);
export const remove = (p: { item_id: Id; password: string }) => call('item/delete', p);
export const archive = (p: { item_id: Id; password: string }) => call('item/archive', p);
export const attorn = (p: { item_id: Id; username: string; password: string }) => call('item/attorn', p);
export const getKey = (item_id: Id) => call<ItemKey>('item/getKey', { item_id });
export const resetKey = (item_id: Id) => call<ItemKey>('item/resetKey', { item_id });

/** Exports are browser navigations (downloads). */
export const wordExportUrl = (p: { item_id: Id; cat_id?: Id; page_id?: Id }) => apiUrl('export/word', p);
export const markdownExportUrl = (item_id: Id) => apiUrl('export/markdown', { item_id });

/** Import a ShowDoc/Markdown zip, OpenAPI or Postman file (optionally into an existing item). */
export const importAuto = (file: File, item_id?: Id) => {
  const form = new FormData();
  form.append('file', file);
  if (item_id !== undefined) form.append('item_id', String(item_id));
  return upload<{ item_id: Id }>('import/auto', form);
};
