// Unread notices of a user (item/info's unread_count, the notice badge).
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notices } from '../../db/schema';

export async function countUnread(db: DbOrTx, uid: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notices).where(and(eq(notices.toUid, uid), eq(notices.isRead, 0)));
  return Number(row?.n ?? 0);
}
