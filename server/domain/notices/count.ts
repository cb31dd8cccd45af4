// Unread notices of a user (item/info's unread_count, the notice badge).
import type { DbOrTx } from '../../db/client';
import * as noticeRepo from '../../db/repos/notices';

export function countUnread(db: DbOrTx, uid: number): Promise<number> {
  return noticeRepo.countUnread(db, uid);
}
