// Edit locks taken by live editors, on the same page_locks rows as ShowDoc's HTTP setLock:
// a 'session' lock lets other live editors join; 'exclusive' ("lock editing") and an
// HTTP-only client's lock ('http') refuse everybody else, naming the holder.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { pageLocks } from '../db/schema';
import { LOCK_TTL_SECONDS } from '../../shared/limits';

export type JoinResult = { ok: true; mode: string; holder: string } | { ok: false; holder: string; mode: string };

export async function joinEditSession(deps: AppDeps, pageId: number, uid: number, username: string): Promise<JoinResult> {
  const now = deps.now();
  const rows = await deps.db
    .insert(pageLocks)
    .values({ pageId, lockUid: uid, lockUsername: username, lockTo: now + LOCK_TTL_SECONDS, mode: 'session', addtime: now })
    .onConflictDoUpdate({
      target: pageLocks.pageId,
      set: {
        lockUid: sql`excluded.lock_uid`,
        lockUsername: sql`excluded.lock_username`,
        lockTo: sql`excluded.lock_to`,
        // the same user keeps an exclusive lock they hold; an HTTP lock of theirs becomes a session
        mode: sql`case when ${pageLocks.lockUid} = excluded.lock_uid and ${pageLocks.mode} = 'exclusive' and ${pageLocks.lockTo} > ${now} then 'exclusive' else 'session' end`,
      },
      where: sql`${pageLocks.lockTo} <= ${now} or ${pageLocks.lockUid} = excluded.lock_uid`,
    })
    .returning();
  if (rows.length) return { ok: true, mode: rows[0].mode, holder: rows[0].lockUsername };
  const [held] = await deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, pageId));
  if (!held) return joinEditSession(deps, pageId, uid, username);
  if (held.mode === 'session') return { ok: true, mode: 'session', holder: held.lockUsername };
  return { ok: false, holder: held.lockUsername, mode: held.mode };
}

/** Switches to exclusive ("lock editing") or back to a shared session; only a live editor may. */
export async function setExclusive(deps: AppDeps, pageId: number, uid: number, username: string, exclusive: boolean): Promise<boolean> {
  const now = deps.now();
  const rows = await deps.db
    .update(pageLocks)
    .set(exclusive ? { mode: 'exclusive', lockUid: uid, lockUsername: username, lockTo: now + LOCK_TTL_SECONDS } : { mode: 'session', lockTo: now + LOCK_TTL_SECONDS })
    .where(
      and(
        eq(pageLocks.pageId, pageId),
        exclusive
          ? sql`(${pageLocks.mode} = 'session' or ${pageLocks.lockUid} = ${uid} or ${pageLocks.lockTo} <= ${now})`
          : sql`${pageLocks.lockUid} = ${uid}`,
      ),
    )
    .returning();
  return rows.length > 0;
}

/** Heartbeat for pages that have live editors on this process. */
export async function refreshLocks(deps: AppDeps, pageIds: number[]): Promise<void> {
  if (!pageIds.length) return;
  await deps.db
    .update(pageLocks)
    .set({ lockTo: deps.now() + LOCK_TTL_SECONDS })
    .where(and(inArray(pageLocks.pageId, pageIds), inArray(pageLocks.mode, ['session', 'exclusive'])));
}

/** The last live editor left: the session (or its exclusive lock) ends. */
export async function releaseEditLock(deps: AppDeps, pageId: number): Promise<void> {
  await deps.db.delete(pageLocks).where(and(eq(pageLocks.pageId, pageId), inArray(pageLocks.mode, ['session', 'exclusive'])));
}
