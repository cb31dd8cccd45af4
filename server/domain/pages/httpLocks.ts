// ShowDoc's HTTP edit lock (page/setLock, page/isLock) on the page_locks rows the live editor
// uses too (server/realtime/pageLocks.ts). An HTTP lock ('http') lasts LOCK_TTL_SECONDS past its
// last heartbeat (clients beat every 180 s); lock_to in the past (ShowDoc sends 1000) releases.
// Another user's live lock of any mode refuses the caller, naming the holder; the caller's own
// live-editor lock keeps its mode and is only refreshed. HTTP saves check the lock in their own
// statement (saveOver.ts): another user's HTTP or exclusive lock refuses them, a session does not.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { pageLocks } from '../../db/schema';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { LOCK_TTL_SECONDS } from '../../../shared/limits';

export type LockRow = typeof pageLocks.$inferSelect;

export async function liveLock(deps: AppDeps, pageId: number): Promise<LockRow | undefined> {
  const now = deps.now();
  const [row] = await deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, pageId)).limit(1);
  if (row && row.lockTo <= now) {
    // an expired lock frees itself
    await deps.db.delete(pageLocks).where(and(eq(pageLocks.id, row.id), lte(pageLocks.lockTo, now)));
    return undefined;
  }
  return row;
}

export interface LockInput {
  pageId: number;
  itemId: number;
  uid: number;
  username: string;
  /** requested expiry (unix seconds); 0 = default; in the past = release */
  lockTo: number;
}

export async function setHttpLock(deps: AppDeps, input: LockInput): Promise<{ id: number; released: boolean }> {
  const now = deps.now();
  // an expired lock on this page is dropped here (and taken over by the upsert below)
  const before = await liveLock(deps, input.pageId);

  if (input.lockTo > 0 && input.lockTo <= now) {
    // release: only the caller's own HTTP lock (a live editor's session lock ends with the session)
    const gone = await deps.db
      .delete(pageLocks)
      .where(and(eq(pageLocks.pageId, input.pageId), eq(pageLocks.lockUid, input.uid), eq(pageLocks.mode, 'http')))
      .returning({ id: pageLocks.id });
    if (gone.length) deps.events.emit('page.lockChanged', { pageId: input.pageId, itemId: input.itemId });
    return { id: 0, released: gone.length > 0 };
  }

  const until = Math.min(input.lockTo > now ? input.lockTo : now + LOCK_TTL_SECONDS, now + LOCK_TTL_SECONDS);
  const rows = await deps.db
    .insert(pageLocks)
    .values({ pageId: input.pageId, lockUid: input.uid, lockUsername: input.username, lockTo: until, mode: 'http', addtime: now })
    .onConflictDoUpdate({
      target: pageLocks.pageId,
      set: {
        lockUid: sql`excluded.lock_uid`,
        lockUsername: sql`excluded.lock_username`,
        lockTo: sql`excluded.lock_to`,
        mode: sql`case when ${pageLocks.lockUid} = excluded.lock_uid and ${pageLocks.lockTo} > ${now} and ${pageLocks.mode} in ('session', 'exclusive') then ${pageLocks.mode} else 'http' end`,
      },
      where: sql`${pageLocks.lockTo} <= ${now} or ${pageLocks.lockUid} = excluded.lock_uid`,
    })
    .returning();
  if (!rows.length) {
    const held = await liveLock(deps, input.pageId);
    throw new ApiError(ErrorCode.GENERIC, '{name} is editing this page; try again later', { name: held?.lockUsername ?? '?' });
  }
  const row = rows[0];
  if (!before || before.lockUid !== row.lockUid || before.mode !== row.mode) {
    deps.events.emit('page.lockChanged', { pageId: input.pageId, itemId: input.itemId });
  }
  return { id: row.id, released: false };
}
