// Clean-up of orphan files (bound to no page): removed, row and stored bytes, once they have been
// orphans for ORPHAN_FILE_GRACE_SECONDS (24 h). The clock starts at the upload (a file sent to no
// page) or when the last page let go of it (unbindPage); a binding removed without that note (a
// page purged from the recycle bin) starts it at the next clean-up. Registered with housekeeping.
import type { AppDeps } from '../../deps';
import * as attachmentRepo from '../../db/repos/attachments';
import { storageOf } from '../../storage';
import { ORPHAN_FILE_GRACE_SECONDS } from '../../../shared/limits';

const BATCH = 200;

export async function removeOrphanFiles(deps: AppDeps): Promise<number> {
  const db = deps.db;
  const now = deps.now();
  await attachmentRepo.startOrphanClocks(db, now);
  const before = now - ORPHAN_FILE_GRACE_SECONDS;
  let removed = 0;
  for (;;) {
    const due = await attachmentRepo.orphanedSince(db, before, BATCH);
    if (!due.length) break;
    // the conditions again: a file bound meanwhile stays
    const gone = await attachmentRepo.deleteOrphans(db, due, before);
    for (const g of gone) {
      try {
        await (await storageOf(deps, g.driver)).delete(g.key);
      } catch (err) {
        deps.log.warn('could not remove the stored object of an orphan file', { key: g.key, err });
      }
    }
    removed += gone.length;
    if (due.length < BATCH) break;
  }
  if (removed) deps.log.info('orphan files removed', { count: removed });
  return removed;
}
