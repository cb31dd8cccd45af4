// Recycle-bin retention: pages deleted more than 30 days ago are removed for good, with their
// history, share links, locks, bindings and live-document state (doc_updates/doc_snapshots).
// Registered with housekeeping (hourly in-process timer, scriptCron/run).
import type { AppDeps } from '../../deps';
import * as recycleRepo from '../../db/repos/recycle';
import { RECYCLE_RETENTION_DAYS } from '../../../shared/limits';

const BATCH = 500;

export async function purgeRecycleBin(deps: AppDeps): Promise<number> {
  const cutoff = deps.now() - RECYCLE_RETENTION_DAYS * 86400;
  let total = 0;
  for (;;) {
    const fromBin = await recycleRepo.expiredEntries(deps.db, cutoff, BATCH);
    // deleted pages without a bin entry (older data) age by their deletion time (addtime)
    const orphans = await recycleRepo.expiredOrphans(deps.db, cutoff, BATCH);
    const ids = [...new Set([...fromBin, ...orphans].map((r) => r.pageId))];
    if (!ids.length) break;
    await deps.db.transaction(async (tx) => {
      // a page recovered meanwhile keeps everything; only its bin entry goes
      const keep = new Set((await recycleRepo.liveAmong(tx, ids)).map((r) => r.pageId));
      const gone = ids.filter((id) => !keep.has(id));
      await recycleRepo.dropEntries(tx, ids, cutoff);
      if (gone.length) await recycleRepo.removeForGood(tx, gone);
    });
    total += ids.length;
    if (fromBin.length < BATCH && orphans.length < BATCH) break;
  }
  return total;
}
