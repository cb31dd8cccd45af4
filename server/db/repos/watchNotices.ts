// The "a page you watch changed" notice burst check (one per page, watcher and editor per window).
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { notices } from '../schema';
import { anyRow } from './rows';

export function pageChangedSince(db: DbOrTx, q: { toUid: number; pageId: number; fromUid: number; since: number }): Promise<boolean> {
  return anyRow(
    db,
    notices,
    and(
      eq(notices.toUid, q.toUid),
      eq(notices.noticeType, 'page_changed'),
      eq(notices.objectType, 'page'),
      eq(notices.objectId, q.pageId),
      eq(notices.fromUid, q.fromUid),
      gt(notices.noticeTime, q.since),
    ),
  );
}
