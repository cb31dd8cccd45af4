// Recycle-bin rows → recycle/getList entries.
import type { recycle } from '../db/schema';
import { formatTime } from './time';

export function presentRecycle(r: typeof recycle.$inferSelect) {
  return {
    id: r.id,
    item_id: r.itemId,
    page_id: r.pageId,
    page_title: r.pageTitle,
    del_by_uid: r.delByUid,
    del_by_username: r.delByUsername,
    del_time: formatTime(r.delTime),
  };
}
