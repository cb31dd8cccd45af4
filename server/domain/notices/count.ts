// Unread notices of a user (item/info's unread_count, the notice badge): their own notices and
// the announcements they have not read.
import type { DbOrTx } from '../../db/client';
import * as noticeRepo from '../../db/repos/notices';
import * as announcementRepo from '../../db/repos/announcements';

export async function countUnread(db: DbOrTx, uid: number): Promise<number> {
  const [own, announcements] = await Promise.all([noticeRepo.countUnread(db, uid), announcementRepo.countUnread(db, uid)]);
  return own + announcements;
}
