// The live editors' edit locks, on the same page_locks rows as ShowDoc's HTTP setLock: joining a
// page's edit session takes or joins its lock as a 'session' writer, "lock editing" as an
// 'exclusive' one. What is allowed is the one lock rule (server/policies/locks.ts); the rows are
// read and written by the domain (server/domain/locks).
import type { AppDeps } from '../deps';
import { LOCK_TTL_SECONDS } from '../../shared/limits';
import { lockRuleFor } from '../policies/locks';
import { endLiveSession, extendLiveEditorLocks, liveLock, shareLock, takeExistingLock, takeLock } from '../domain/locks/pageLocks';

export type JoinResult = { ok: true; mode: string; holder: string } | { ok: false; holder: string; mode: string };

export async function joinEditSession(deps: AppDeps, pageId: number, uid: number, username: string): Promise<JoinResult> {
  const r = await takeLock(deps, pageId, { uid, username }, deps.now() + LOCK_TTL_SECONDS, lockRuleFor({ uid }, 'session'));
  return r.ok ? { ok: true, mode: r.mode, holder: r.holder } : { ok: false, mode: r.mode, holder: r.holder };
}

/** Switches to exclusive ("lock editing") or back to a shared session, on the session's row. */
export async function setExclusive(deps: AppDeps, pageId: number, uid: number, username: string, exclusive: boolean): Promise<boolean> {
  const until = deps.now() + LOCK_TTL_SECONDS;
  if (!exclusive) return shareLock(deps, pageId, until, lockRuleFor({ uid }, 'exclusive'));
  const r = await takeExistingLock(deps, pageId, { uid, username }, until, lockRuleFor({ uid }, 'exclusive'));
  return !!r?.ok;
}

/** Heartbeat for pages that have live editors on this process. */
export function refreshLocks(deps: AppDeps, pageIds: number[]): Promise<void> {
  return extendLiveEditorLocks(deps, pageIds, deps.now() + LOCK_TTL_SECONDS);
}

/** The last live editor left: the session (or its exclusive lock) ends. */
export function releaseEditLock(deps: AppDeps, pageId: number): Promise<void> {
  return endLiveSession(deps, pageId);
}

/**
 * The holder of "lock editing" left while others still edit: the lock would otherwise live on
 * (their heartbeat extends it) and keep them read-only. It becomes their shared session again;
 * true when it did.
 */
export async function releaseLeftExclusive(deps: AppDeps, pageId: number, editorUids: number[]): Promise<boolean> {
  const row = await liveLock(deps, pageId);
  if (!row || row.mode !== 'exclusive' || editorUids.includes(row.lockUid)) return false;
  return shareLock(deps, pageId, deps.now() + LOCK_TTL_SECONDS, lockRuleFor({ uid: row.lockUid }, 'exclusive'));
}
