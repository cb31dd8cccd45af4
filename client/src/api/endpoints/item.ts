// /api/item/*, /api/import/auto, export addresses
import { ErrorCode } from '@shared/errors';
import type * as itemApi from '@shared/api/item';
import type { ParamsIn } from '@shared/api/contract';
import { apiUrl, callAction, upload } from '../http';
import type { Id } from '../ids';
import type * as itemSearchApi from '@shared/api/item/search';

/** group: 0 all items, > 0 one of the user's groups, -1 the starred ones */
export const myList = (original = false, group = 0) =>
  callAction<typeof itemApi.myList>('item/myList', { ...(original ? { original: 1 } : {}), ...(group ? { item_group_id: group } : {}) }, { loading: false });

/** item/info (id or personal domain); 10303/10307 send the reader to the password screen. */
export const info = (p: { item_id: Id; keyword?: string; default_page_id?: Id }) =>
  callAction<typeof itemApi.info>('item/info', { ...p, item_id: String(p.item_id) }, { itemPassword: { itemId: p.item_id, pageId: p.default_page_id }, loading: !!p.keyword });

export const search = (p: { item_id: Id; keyword: string; page?: number }) =>
  callAction<typeof itemSearchApi.search>('item/search', p, { itemPassword: { itemId: p.item_id } });
export const exitItem = (item_id: Id) => callAction<typeof itemApi.exitItem>('item/exitItem', { item_id: String(item_id) });
/** positions: item_id → position */
export const sort = (positions: Record<string, number>, group = 0) => callAction<typeof itemApi.sort>('item/sort', { data: positions, ...(group ? { item_group_id: group } : {}) });

export const add = (p: { item_type: Id; item_name: string; item_description?: string; item_domain?: string; password?: string }) =>
  callAction<typeof itemApi.add>('item/add', p);
export const copy = (p: { copy_item_id: Id; item_name: string; item_description?: string; password?: string }) => callAction<typeof itemApi.add>('item/add', p);

/** item/detail for the settings screen: 10303/10103 come back to the screen (it shows "no permission"). */
export const detail = (item_id: Id) =>
  callAction<typeof itemApi.detail>('item/detail', { item_id: String(item_id) }, { expect: [ErrorCode.NOT_MANAGER, ErrorCode.NO_PERMISSION], loading: false });

/** Item password (captcha after 10206/10308 is handled by the screen). */
export const pwd = (p: { item_id: Id; page_id?: Id; password: string; v_code?: string }, expect: readonly number[] | 'all') =>
  callAction<typeof itemApi.pwd>('item/pwd', { ...p, item_id: String(p.item_id) }, { expect, redirectLogin: false });
export const update = (p: Omit<ParamsIn<typeof itemApi.update>, 'item_id'> & { item_id: Id }) =>
  callAction<typeof itemApi.update>('item/update', { ...p, item_id: String(p.item_id) });
export const remove = (p: { item_id: Id; password: string }) => callAction<typeof itemApi.remove>('item/delete', { ...p, item_id: String(p.item_id) });
export const archive = (p: { item_id: Id; password: string }) => callAction<typeof itemApi.archive>('item/archive', { ...p, item_id: String(p.item_id) });
export const attorn = (p: { item_id: Id; username: string; password: string }) => callAction<typeof itemApi.attorn>('item/attorn', { ...p, item_id: String(p.item_id) });
export const getKey = (item_id: Id) => callAction<typeof itemApi.getKey>('item/getKey', { item_id: String(item_id) });
export const resetKey = (item_id: Id) => callAction<typeof itemApi.resetKey>('item/resetKey', { item_id: String(item_id) });

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
