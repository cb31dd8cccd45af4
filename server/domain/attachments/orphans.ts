// Clean-up of orphan files (bound to no page): removed, row and stored bytes, once they have been
// orphans for ORPHAN_FILE_GRACE_SECONDS (24 h). The clock starts at the upload (a file sent to no
// page) or when the last page let go of it (unbindPage); a binding removed without that note (a
// page purged from the recycle bin) starts it at the next clean-up. Registered with housekeeping.
import { and, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { attachmentPages, attachments } from '../../db/schema';
import { storageOf } from '../../storage';
import { ORPHAN_FILE_GRACE_SECONDS } from '../../../shared/limits';

const BATCH = 200;

export async function removeOrphanFiles(deps: AppDeps): Promise<number> {
  const db = deps.db;
  const now = deps.now();
  const unbound = notExists(db.select({ one: sql`1` }).from(attachmentPages).where(eq(attachmentPages.fileId, attachments.fileId)));
  await db.update(attachments).set({ orphanSince: now }).where(and(eq(attachments.orphanSince, 0), unbound));
  const expired = and(gt(attachments.orphanSince, 0), lte(attachments.orphanSince, now - ORPHAN_FILE_GRACE_SECONDS), unbound);
  let removed = 0;
  for (;;) {
    const due = await db.select({ fileId: attachments.fileId }).from(attachments).where(expired).limit(BATCH);
    if (!due.length) break;
    // the conditions again: a file bound meanwhile stays
    const gone = await db
      .delete(attachments)
      .where(and(inArray(attachments.fileId, due.map((d) => d.fileId)), expired))
      .returning({ key: attachments.storageKey, driver: attachments.storageDriver });
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
