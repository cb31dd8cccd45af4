// /api/itemGroup/*, item/star|unstar, item/getChangeLog. ShowDoc answers rows as strings; they are
// read into numbers here, once, so screens never compare spellings.
import type * as groupApi from '@shared/api/itemGroup';
import type * as starApi from '@shared/api/item/stars';
import type * as changeLogApi from '@shared/api/item/changeLog';
import type { ChangeAction, ChangeObject } from '@shared/api/item/changeLog';
import { callAction } from '../http';
import type { Id } from '../ids';

export interface ItemGroup {
  id: number;
  name: string;
  itemIds: number[];
  sNumber: number;
}

const toIds = (list: string) =>
  list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

function readGroup(g: { id: Id; group_name: string; item_ids: string; s_number: Id }): ItemGroup {
  return { id: Number(g.id), name: g.group_name, itemIds: toIds(String(g.item_ids ?? '')), sNumber: Number(g.s_number) };
}

/** The user's groups in tab order; quiet (the item list shows all items when it fails). */
export const groups = () =>
  callAction<typeof groupApi.getList>('itemGroup/getList', {}, { loading: false, silent: true }).then((list) => (Array.isArray(list) ? list.map(readGroup) : []));

export const saveGroup = (g: { id?: number; name: string; itemIds: number[] }) =>
  callAction<typeof groupApi.save>('itemGroup/save', { id: g.id ?? 0, group_name: g.name, item_ids: g.itemIds.join(',') }).then(readGroup);

export const deleteGroup = (id: number) => callAction<typeof groupApi.remove>('itemGroup/delete', { id });

/** ids in their new tab order */
export const sortGroups = (ids: number[]) =>
  callAction<typeof groupApi.saveSort>('itemGroup/saveSort', { groups: JSON.stringify(ids.map((id, i) => ({ id, s_number: i }))) });

export const star = (item_id: Id) => callAction<typeof starApi.star>('item/star', { item_id: String(item_id) }, { loading: false });
export const unstar = (item_id: Id) => callAction<typeof starApi.unstar>('item/unstar', { item_id: String(item_id) }, { loading: false });

export interface ChangeEntry {
  id: number;
  uid: number;
  username: string;
  name: string;
  action: ChangeAction;
  object: ChangeObject;
  objectName: string;
  /** for a drag: what moved ('page' | 'catalog' | '') */
  moved: string;
  time: string;
}

export const changeLog = (item_id: Id, page: number, count: number) =>
  callAction<typeof changeLogApi.getChangeLog>('item/getChangeLog', { item_id: String(item_id), page, count }, { loading: false }).then((r) => ({
    total: Number(r.total),
    list: r.list.map(
      (e): ChangeEntry => ({
        id: Number(e.id),
        uid: Number(e.uid),
        username: e.username,
        name: e.name,
        action: e.op_action_type,
        object: e.op_object_type,
        objectName: e.op_object_name,
        moved: e.remark,
        time: e.optime,
      }),
    ),
  }));
