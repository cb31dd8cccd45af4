// /api/adminItem/*: the admin console's items (spec §7 Admin). Administrators only (10103).
import { endpoint, type NoData } from './contract';
import { id, int, text } from './fields';
import { pagingParams } from './adminUser';
import type { AsShowDoc } from '../dbText';

export interface AdminItem {
  item_id: number;
  item_name: string;
  item_description: string;
  item_domain: string;
  item_type: number;
  /** the owner */
  uid: number;
  username: string;
  /** the owner's display name */
  name: string;
  is_private: 0 | 1;
  is_archived: number;
  is_del: number;
  /** 'Y-m-d H:i:s' */
  addtime: string;
  del_time: string;
  member_num: number;
}

export interface AdminItemPage {
  total: number;
  items: AdminItem[];
}

export interface ItemAttorned {
  item_id: number;
  /** the new owner */
  uid: number;
  username: string;
}

/** Items by name and owner; `is_del` 1 lists the deleted ones. */
/** As ShowDoc sends it: the item rows' ids, type and flags as text; is_private and member_num computed. */
export type AdminItemPageAnswer = AsShowDoc<AdminItemPage, 'is_private'>;

export const getList = endpoint<AdminItemPageAnswer>()('adminItem/getList', {
  is_del: int({ def: 0, min: 0, max: 1 }),
  item_name: text({ max: 200 }),
  username: text({ max: 100 }),
  ...pagingParams,
});

/** Soft delete (recoverable). */
export const deleteItem = endpoint<NoData>()('adminItem/deleteItem', { item_id: id() });
export const recoverItem = endpoint<NoData>()('adminItem/recoverItem', { item_id: id() });
/** Gives the item to another user (no owner password). */
export const attorn = endpoint<ItemAttorned>()('adminItem/attorn', { item_id: id(), username: text({ max: 254 }) });
