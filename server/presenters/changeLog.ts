// item/getChangeLog: rows with ShowDoc's types (strings) and the descriptions its clients show.
import type { ChangeAction, ChangeLogEntry, ChangeLogPage, ChangeObject } from '../../shared/api/item/changeLog';
import type { ChangeLogRow } from '../db/repos/itemChangeLogs';
import { localize } from '../../shared/messages';
import { formatTime } from './time';

const ACTION_TEXT: Record<ChangeAction, string> = {
  create: 'Created',
  update: 'Edited',
  delete: 'Deleted',
  drag: 'Moved',
  recover: 'Restored',
};

const OBJECT_TEXT: Record<ChangeObject, string> = {
  page: 'Page',
  catalog: 'Catalog',
  tree: 'Catalog tree',
};

function presentEntry(r: ChangeLogRow, lang: 'en' | 'zh'): ChangeLogEntry {
  const action = r.opActionType as ChangeAction;
  const object = r.opObjectType as ChangeObject;
  return {
    id: String(r.id),
    uid: String(r.uid),
    item_id: String(r.itemId),
    op_action_type: action,
    op_object_type: object,
    op_object_id: String(r.opObjectId),
    op_object_name: r.opObjectName,
    remark: r.remark,
    optime: formatTime(r.optime),
    username: r.username,
    name: r.name,
    oper: r.name ? `${r.username}(${r.name})` : r.username,
    op_action_type_desc: localize(ACTION_TEXT[action] ?? action, lang),
    op_object_type_desc: localize(OBJECT_TEXT[object] ?? object, lang),
  };
}

export function presentChangeLog(page: { total: number; rows: ChangeLogRow[] }, lang: 'en' | 'zh'): ChangeLogPage {
  return { total: page.total, list: page.rows.map((r) => presentEntry(r, lang)) };
}
