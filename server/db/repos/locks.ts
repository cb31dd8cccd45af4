// Page edit locks (page_locks, one row per page): the SQL only. Who may take, join or release a
// lock is decided in server/policies/locks.ts; the domain (server/domain/locks) loads a row,
// asks the rule, and writes back here with compare-and-set, so a concurrent change of the same
// row makes the write miss (and the domain decide again) instead of overwriting it.
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pageLocks } from '../schema';
import { deleteAny, firstRow } from './rows';

export type LockRow = typeof pageLocks.$inferSelect;

/** 'http' (ShowDoc clients), 'session' (live editors; others may join), 'exclusive' ("lock editing") */
export type LockMode = 'http' | 'session' | 'exclusive';

/** the modes of locks held by live editors (refreshed by the gateway while they edit) */
const LIVE_EDITOR_MODES: LockMode[] = ['session', 'exclusive'];

/** what a writer puts into the row */
export interface LockHold {
  lockUid: number;
  lockUsername: string;
  lockTo: number;
  mode: LockMode;
}

/** the row as it was read: a write applies only while the row is still exactly this */
const unchanged = (seen: LockRow) =>
  and(eq(pageLocks.id, seen.id), eq(pageLocks.lockUid, seen.lockUid), eq(pageLocks.mode, seen.mode), eq(pageLocks.lockTo, seen.lockTo));

/** the page's lock row, live or expired */
export function findByPage(db: DbOrTx, pageId: number): Promise<LockRow | undefined> {
  return firstRow(db, pageLocks, eq(pageLocks.pageId, pageId));
}

/** Removes the row if it is (still) expired at `now`. */
export async function deleteIfExpired(db: DbOrTx, id: number, now: number): Promise<void> {
  await db.delete(pageLocks).where(and(eq(pageLocks.id, id), lte(pageLocks.lockTo, now)));
}

/** A first lock on the page; undefined when another writer inserted one first. */
export async function insertIfNone(db: DbOrTx, pageId: number, hold: LockHold, now: number): Promise<LockRow | undefined> {
  const [row] = await db
    .insert(pageLocks)
    .values({ pageId, ...hold, addtime: now })
    .onConflictDoNothing({ target: pageLocks.pageId })
    .returning();
  return row;
}

/** Replaces the row's holder, mode and expiry; undefined when the row changed since `seen`. */
export async function replaceIfUnchanged(db: DbOrTx, seen: LockRow, hold: LockHold): Promise<LockRow | undefined> {
  const [row] = await db.update(pageLocks).set(hold).where(unchanged(seen)).returning();
  return row;
}

/** Deletes the row; false when it changed since `seen` (or is gone). */
export function deleteIfUnchanged(db: DbOrTx, seen: LockRow): Promise<boolean> {
  return deleteAny(db, pageLocks, unchanged(seen));
}

/** Heartbeat: live editors' locks on these pages last until `until`. */
export async function extendLiveEditorLocks(db: DbOrTx, pageIds: number[], until: number): Promise<void> {
  if (!pageIds.length) return;
  await db
    .update(pageLocks)
    .set({ lockTo: until })
    .where(and(inArray(pageLocks.pageId, pageIds), inArray(pageLocks.mode, LIVE_EDITOR_MODES)));
}

/** The last live editor left: their session (or its exclusive lock) ends; an HTTP lock stays. */
export async function deleteLiveEditorLock(db: DbOrTx, pageId: number): Promise<void> {
  await db.delete(pageLocks).where(and(eq(pageLocks.pageId, pageId), inArray(pageLocks.mode, LIVE_EDITOR_MODES)));
}
