// Single-page share links (page/createSinglePage, page/infoByKey): one 32-hex key per page;
// a new key replaces the old one at once, cancelling deletes it, expired keys are removed on use.
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import * as shareRepo from '../../db/repos/shares';
import type { ShareRow } from '../../db/repos/shares';
import * as pageRepo from '../../db/repos/pages';
import type { PageExtras } from '../../cache/readCache';

/** Whether a link still opens its page (expire_time 0: never expires). */
export const shareIsLive = (share: Pick<ShareRow, 'expireTime'>, now: number) => share.expireTime === 0 || share.expireTime > now;

/** page/info's extras: the page's live share link (an expired one is removed) and its attachment count */
export async function pageExtrasOf(deps: AppDeps, pageId: number): Promise<PageExtras> {
  const { share, attachmentCount } = await pageRepo.shareAndAttachmentCount(deps.db, pageId);
  if (share && !shareIsLive(share, deps.now())) {
    await shareRepo.deleteById(deps.db, share.id);
    return { share: undefined, attachmentCount };
  }
  return { share, attachmentCount };
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
