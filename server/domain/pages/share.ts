// Single-page share links (page/createSinglePage, page/infoByKey): one 32-hex key per page;
// a new key replaces the old one at once, cancelling deletes it, expired keys are removed on use.
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import * as shareRepo from '../../db/repos/shares';
import type { ShareRow } from '../../db/repos/shares';

/** Whether a link still opens its page (expire_time 0: never expires). */
export const shareIsLive = (share: Pick<ShareRow, 'expireTime'>, now: number) => share.expireTime === 0 || share.expireTime > now;

export async function shareOfPage(deps: AppDeps, pageId: number): Promise<ShareRow | undefined> {
  const row = await shareRepo.findByPage(deps.db, pageId);
  if (row && !shareIsLive(row, deps.now())) {
    await shareRepo.deleteById(deps.db, row.id);
    return undefined;
  }
  return row;
}

/** The share behind a key: 'expired' (and removed) or undefined when unknown. */
export async function shareByKey(deps: AppDeps, key: string): Promise<ShareRow | 'expired' | undefined> {
  if (!/^[0-9a-f]{32}$/i.test(key)) return undefined;
  const row = await shareRepo.findByKey(deps.db, key.toLowerCase());
  if (!row) return undefined;
  if (!shareIsLive(row, deps.now())) {
    await shareRepo.deleteById(deps.db, row.id);
    return 'expired';
  }
  return row;
}

/** Always removes the old link; with create, issues a new key. */
export async function toggleShare(deps: AppDeps, pageId: number, uid: number, create: boolean, expireDays: number): Promise<ShareRow | null> {
  const now = deps.now();
  const share = await deps.db.transaction(async (tx) => {
    await shareRepo.deleteOfPage(tx, pageId);
    if (!create) return null;
    return shareRepo.insert(tx, {
      uniqueKey: randomBytes(16).toString('hex'),
      pageId,
      uid,
      expireTime: expireDays > 0 ? now + expireDays * 86400 : 0,
      addtime: now,
    });
  });
  // page/info shows the page's key
  deps.events.emit('reads.stale', { pageIds: [pageId] });
  return share;
}
