// Recycle-bin rows → recycle/getList entries.
import type { RecycleRow } from '../db/repos/recycle';
import type { RecycleEntryAnswer } from '../../shared/api/recycle';
import { fetched } from './fetched';
import { formatTime } from './time';

export function presentRecycle(r: RecycleRow): RecycleEntryAnswer {
  return fetched({
    id: r.id,
    item_id: r.itemId,
    page_id: r.pageId,
    page_title: r.pageTitle,
    del_by_uid: r.delByUid,
    del_by_username: r.delByUsername,
    del_time: formatTime(r.delTime),
  });
}
