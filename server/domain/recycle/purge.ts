// Recycle-bin retention: pages deleted more than 30 days ago are removed for good, with their
// history, share links, locks, bindings and live-document state (doc_updates/doc_snapshots).
// Registered with housekeeping (hourly in-process timer, scriptCron/run).
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { attachmentPages, docSnapshots, docUpdates, mocks, pageHistory, pageLocks, pages, recycle, singlePages } from '../../db/schema';
import { RECYCLE_RETENTION_DAYS } from '../../../shared/limits';

const BATCH = 500;

export async function purgeRecycleBin(deps: AppDeps): Promise<number> {
  const cutoff = deps.now() - RECYCLE_RETENTION_DAYS * 86400;
  let total = 0;
  for (;;) {
    const fromBin = await deps.db
      .select({ pageId: recycle.pageId })
      .from(recycle)
      .where(lt(recycle.delTime, cutoff))
      .limit(BATCH);
    // deleted pages without a bin entry (older data) age by their deletion time (addtime)
    const orphans = await deps.db
      .select({ pageId: pages.pageId })
      .from(pages)
      .where(
        and(
          eq(pages.isDel, 1),
          lt(pages.addtime, cutoff),
          sql`not exists (select 1 from ${recycle} where ${recycle.pageId} = ${pages.pageId} and ${recycle.delTime} >= ${cutoff})`,
        ),
      )
      .limit(BATCH);
    const ids = [...new Set([...fromBin, ...orphans].map((r) => r.pageId))];
    if (!ids.length) break;
    await deps.db.transaction(async (tx) => {
      const live = await tx
        .select({ pageId: pages.pageId })
        .from(pages)
        .where(and(inArray(pages.pageId, ids), eq(pages.isDel, 0)));
      const keep = new Set(live.map((r) => r.pageId));
      const gone = ids.filter((id) => !keep.has(id));
      const docNames = gone.map((id) => `page.${id}`);
      await tx.delete(recycle).where(or(inArray(recycle.pageId, ids), lt(recycle.delTime, cutoff)));
      if (!gone.length) return;
      await tx.delete(pages).where(and(inArray(pages.pageId, gone), eq(pages.isDel, 1)));
      await tx.delete(pageHistory).where(inArray(pageHistory.pageId, gone));
      await tx.delete(singlePages).where(inArray(singlePages.pageId, gone));
      await tx.delete(pageLocks).where(inArray(pageLocks.pageId, gone));
      await tx.delete(attachmentPages).where(inArray(attachmentPages.pageId, gone));
      await tx.delete(mocks).where(inArray(mocks.pageId, gone));
      await tx.delete(docUpdates).where(inArray(docUpdates.docName, docNames));
      await tx.delete(docSnapshots).where(inArray(docSnapshots.docName, docNames));
    });
    total += ids.length;
    if (fromBin.length < BATCH && orphans.length < BATCH) break;
  }
  return total;
}
