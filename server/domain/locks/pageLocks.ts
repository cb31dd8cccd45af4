// Page edit locks on the page_locks rows that ShowDoc's HTTP lock and the live editors share.
// Each operation reads the row, asks the caller's rule (rule.ts) and writes with compare-and-set:
// when another writer changed the row in between, the write misses and the rule is asked again
// over the new row, so no decision is ever applied to a row it did not see.
import type { AppDeps } from '../../deps';
import * as locks from '../../db/repos/locks';
import type { LockMode, LockRow } from '../../db/repos/locks';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { LockRule } from './rule';

export type { LockRow };

/** rows change rarely (heartbeats, joins): a few rounds settle any race */
const ATTEMPTS = 8;

// (only a storm of concurrent writers to one page's lock gets here)
const busy = () => new ApiError(ErrorCode.INTERNAL, 'Unknown error');

export interface LockHolder {
  uid: number;
  username: string;
}

export type TakeResult =
  /** `row`: the page's row after the call; `changed`: whether its holder or mode changed */
  | { ok: true; mode: LockMode; holder: string; row: LockRow; changed: boolean }
  | { ok: false; mode: LockMode; holder: string };

/** The page's lock row as stored, live or expired (read only). */
export function lockRow(deps: Pick<AppDeps, 'db'>, pageId: number): Promise<LockRow | undefined> {
  return locks.findByPage(deps.db, pageId);
}

/** The page's live lock; an expired one frees itself. */
export async function liveLock(deps: Pick<AppDeps, 'db' | 'now'>, pageId: number): Promise<LockRow | undefined> {
  const now = deps.now();
  const row = await locks.findByPage(deps.db, pageId);
  if (row && row.lockTo <= now) {
    await locks.deleteIfExpired(deps.db, row.id, now);
    return undefined;
  }
  return row;
}

/** Takes, keeps or joins the page's lock for `holder` until `until`, as the rule decides. */
export async function takeLock(deps: Pick<AppDeps, 'db' | 'now'>, pageId: number, holder: LockHolder, until: number, rule: LockRule): Promise<TakeResult> {
  return (await take(deps, pageId, holder, until, rule, false))!;
}

/**
 * The same on a row that is there, never creating one: "lock editing" turns the live session's
 * row exclusive, and without a row there is no session to lock (undefined).
 */
export function takeExistingLock(deps: Pick<AppDeps, 'db' | 'now'>, pageId: number, holder: LockHolder, until: number, rule: LockRule): Promise<TakeResult | undefined> {
  return take(deps, pageId, holder, until, rule, true);
}

async function take(deps: Pick<AppDeps, 'db' | 'now'>, pageId: number, holder: LockHolder, until: number, rule: LockRule, existingOnly: boolean): Promise<TakeResult | undefined> {
  const now = deps.now();
  for (let i = 0; i < ATTEMPTS; i++) {
    const row = await locks.findByPage(deps.db, pageId);
    if (!row && existingOnly) return undefined;
    const d = rule.take(row, now);
    if (d.outcome === 'refuse') return { ok: false, mode: d.mode, holder: d.holder };
    if (d.outcome === 'join') return { ok: true, mode: 'session', holder: d.holder, row: row!, changed: false };
    const hold = { lockUid: holder.uid, lockUsername: holder.username, lockTo: until, mode: d.mode };
    const written = row ? await locks.replaceIfUnchanged(deps.db, row, hold) : await locks.insertIfNone(deps.db, pageId, hold, now);
    if (!written) continue;
    const wasLive = !!row && row.lockTo > now;
    const changed = !wasLive || row.lockUid !== written.lockUid || row.mode !== written.mode;
    return { ok: true, mode: written.mode as LockMode, holder: written.lockUsername, row: written, changed };
  }
  throw busy();
}

/** Deletes the caller's lock if the rule lets them release it; true when a row went. */
export async function releaseLock(deps: Pick<AppDeps, 'db' | 'now'>, pageId: number, rule: LockRule): Promise<boolean> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const row = await liveLock(deps, pageId);
    if (!row || !rule.release(row)) return false;
    if (await locks.deleteIfUnchanged(deps.db, row)) return true;
  }
  throw busy();
}

/** "Lock editing" off: the caller's lock becomes a shared session again, until `until`. */
export async function shareLock(deps: Pick<AppDeps, 'db'>, pageId: number, until: number, rule: LockRule): Promise<boolean> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const row = await locks.findByPage(deps.db, pageId);
    if (!row || !rule.release(row)) return false;
    const hold = { lockUid: row.lockUid, lockUsername: row.lockUsername, lockTo: until, mode: 'session' as const };
    if (await locks.replaceIfUnchanged(deps.db, row, hold)) return true;
  }
  throw busy();
}

/** Heartbeat for pages with live editors: their session (or exclusive) locks last until `until`. */
export function extendLiveEditorLocks(deps: Pick<AppDeps, 'db'>, pageIds: number[], until: number): Promise<void> {
  return locks.extendLiveEditorLocks(deps.db, pageIds, until);
}

/** The last live editor left: the session (or its exclusive lock) ends. */
export function endLiveSession(deps: Pick<AppDeps, 'db'>, pageId: number): Promise<void> {
  return locks.deleteLiveEditorLock(deps.db, pageId);
}
