// "At most one such notice" checks that hold when two processes or two saves race: the check
// and the insert run in one transaction under a transaction-scoped advisory lock on a key.
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import * as noticeRepo from '../../db/repos/notices';
import { insertNotices, publishNotices, type NoticeInput, type NoticeRow } from './create';

export async function createNoticeOnce(
  deps: AppDeps,
  lockKey: string,
  exists: (tx: Tx) => Promise<boolean>,
  build: () => Promise<NoticeInput | null>,
): Promise<NoticeRow | null> {
  const input = await build();
  if (!input) return null;
  const created = await deps.db.transaction(async (tx) => {
    await noticeRepo.lockKey(tx, lockKey);
    if (await exists(tx)) return [];
    return insertNotices(tx, [input], deps.now());
  });
  publishNotices(deps, created);
  return created[0] ?? null;
}
