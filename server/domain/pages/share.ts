// Single-page share links (page/createSinglePage, page/infoByKey): one 32-hex key per page;
// a new key replaces the old one at once, cancelling deletes it, expired keys are removed on use.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { singlePages } from '../../db/schema';

export type ShareRow = typeof singlePages.$inferSelect;

const live = (deps: AppDeps, row: ShareRow) => row.expireTime === 0 || row.expireTime > deps.now();

export async function shareOfPage(deps: AppDeps, pageId: number): Promise<ShareRow | undefined> {
  const [row] = await deps.db.select().from(singlePages).where(eq(singlePages.pageId, pageId)).limit(1);
  if (row && !live(deps, row)) {
    await deps.db.delete(singlePages).where(eq(singlePages.id, row.id));
    return undefined;
  }
  return row;
}

/** The share behind a key: 'expired' (and removed) or undefined when unknown. */
export async function shareByKey(deps: AppDeps, key: string): Promise<ShareRow | 'expired' | undefined> {
  if (!/^[0-9a-f]{32}$/i.test(key)) return undefined;
  const [row] = await deps.db.select().from(singlePages).where(eq(singlePages.uniqueKey, key.toLowerCase())).limit(1);
  if (!row) return undefined;
  if (!live(deps, row)) {
    await deps.db.delete(singlePages).where(eq(singlePages.id, row.id));
    return 'expired';
  }
  return row;
}

/** Always removes the old link; with create, issues a new key. */
export async function toggleShare(deps: AppDeps, pageId: number, uid: number, create: boolean, expireDays: number): Promise<ShareRow | null> {
  const now = deps.now();
  const share = await deps.db.transaction(async (tx) => {
    await tx.delete(singlePages).where(eq(singlePages.pageId, pageId));
    if (!create) return null;
    const [row] = await tx
      .insert(singlePages)
      .values({
        uniqueKey: randomBytes(16).toString('hex'),
        pageId,
        uid,
        expireTime: expireDays > 0 ? now + expireDays * 86400 : 0,
        addtime: now,
      })
      .returning();
    return row;
  });
  // page/info shows the page's key
  deps.events.emit('reads.stale', { pageIds: [pageId] });
  return share;
}
