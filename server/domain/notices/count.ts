// Unread notices of a user (item/info's unread_count, the notice badge): their own notices and
// the announcements they have not read.
import type { DbOrTx } from '../../db/client';
import * as announcementRepo from '../../db/repos/announcements';

export async function countUnread(db: DbOrTx, uid: number): Promise<number> {
  return announcementRepo.countAllUnread(db, uid);
}
