// ShowDoc's HTTP edit lock (page/setLock, page/isLock) on the page_locks rows the live editor
// uses too (server/domain/locks). An HTTP lock lasts LOCK_TTL_SECONDS past its last heartbeat
// (clients beat every 180 s); lock_to in the past (ShowDoc sends 1000) releases. Who may take or
// release it is the caller's rule (server/policies/locks.ts, writer 'http'); HTTP saves ask the
// same rule inside their statement (saveOver.ts).
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { LOCK_TTL_SECONDS } from '../../../shared/limits';
import { liveLock, releaseLock, takeLock, type LockRow } from '../locks/pageLocks';
import type { LockRule } from '../locks/rule';

export { liveLock, type LockRow };

export interface LockInput {
  pageId: number;
  itemId: number;
  uid: number;
  username: string;
  /** requested expiry (unix seconds); 0 = default; in the past = release */
  lockTo: number;
}

export async function setHttpLock(deps: AppDeps, input: LockInput, rule: LockRule): Promise<{ id: number; released: boolean }> {
  const now = deps.now();
  if (input.lockTo > 0 && input.lockTo <= now) {
    const released = await releaseLock(deps, input.pageId, rule);
    if (released) deps.events.emit('page.lockChanged', { pageId: input.pageId, itemId: input.itemId });
    return { id: 0, released };
  }
  const until = Math.min(input.lockTo > now ? input.lockTo : now + LOCK_TTL_SECONDS, now + LOCK_TTL_SECONDS);
  const r = await takeLock(deps, input.pageId, { uid: input.uid, username: input.username }, until, rule);
  if (!r?.ok) throw new ApiError(ErrorCode.GENERIC, '{name} is editing this page; try again later', { name: r?.holder ?? '?' });
  if (r.changed) deps.events.emit('page.lockChanged', { pageId: input.pageId, itemId: input.itemId });
  return { id: r.row.id, released: false };
}
