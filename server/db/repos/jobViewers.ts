// Who a background job acts for: the user who asked, loaded again when the job runs (an account
// removed or suspended meanwhile acts for no one).
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { users } from '../schema';

export interface JobViewerRow {
  uid: number;
  groupid: number;
}

/** An active account by id. */
export async function activeUser(db: DbOrTx, uid: number): Promise<JobViewerRow | undefined> {
  if (!Number.isInteger(uid) || uid <= 0) return undefined;
  const [row] = await db
    .select({ uid: users.uid, groupid: users.groupid })
    .from(users)
    .where(and(eq(users.uid, uid), eq(users.status, 'active')))
    .limit(1);
  return row;
}
