// item/getChangeLog: who created, edited, moved or deleted which page or catalog of an item, and
// when (showdoc-behaviour §7.9). The rest of the item controller is declared in ./index.ts.
import { endpoint } from '../contract';
import { int, text } from '../fields';
import { CHANGE_LOG_PAGE_DEFAULT } from '../../limits';

/** create | update | delete | drag | recover */
export type ChangeAction = 'create' | 'update' | 'delete' | 'drag' | 'recover';
/** page | catalog | tree (a drag in the catalog editor) */
export type ChangeObject = 'page' | 'catalog' | 'tree';

/** One change, with ShowDoc's types: the row's columns are strings. */
export interface ChangeLogEntry {
  id: string;
  uid: string;
  item_id: string;
  op_action_type: ChangeAction;
  op_object_type: ChangeObject;
  op_object_id: string;
  /** the page title or catalog name when the change was made */
  op_object_name: string;
  /** for a drag: 'page' or 'catalog' when one thing moved */
  remark: string;
  /** 'Y-m-d H:i:s' */
  optime: string;
  /** '' for the open API and for deleted users */
  username: string;
  name: string;
  /** 'username(name)', or the username */
  oper: string;
  /** the action and object in the caller's language (ShowDoc: 修改, 页面(或接口)…) */
  op_action_type_desc: string;
  op_object_type_desc: string;
}

export interface ChangeLogPage {
  total: number;
  list: ChangeLogEntry[];
}

/** Newest first; `page` from 1, `count` per page (ShowDoc clamps both: 1…, 1…100). */
export const getChangeLog = endpoint<ChangeLogPage>()('item/getChangeLog', {
  item_id: text({ required: true, max: 60 }),
  page: int({ def: 1 }),
  count: int({ def: CHANGE_LOG_PAGE_DEFAULT }),
});
