// Pages written without a search vector (older rows, bulk copies) get one before an item is
// searched. Checked at most every 10 s per item and process.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pages } from '../../db/schema';
import { searchVectorSql } from './tokens';

const CHECK_EVERY_MS = 10_000;
const BATCH = 200;
/** per database handle (tests and benchmarks open several in one process) */
const checked = new WeakMap<object, Map<number, number>>();

export async function backfillVectors(db: DbOrTx, itemId: number): Promise<number> {
  let checkedAt = checked.get(db);
  if (!checkedAt) checked.set(db, (checkedAt = new Map()));
  const last = checkedAt.get(itemId);
  if (last !== undefined && Date.now() - last < CHECK_EVERY_MS) return 0;
  // searches arriving meanwhile do not check again (the partial index pages_unindexed_idx makes
  // the check itself one index probe)
  checkedAt.set(itemId, Date.now());
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ pageId: pages.pageId, title: pages.pageTitle, content: pages.pageContent })
      .from(pages)
      .where(and(eq(pages.itemId, itemId), isNull(pages.searchVector)))
      .limit(BATCH);
    let updated = 0;
    for (const r of rows) {
      // only if the text is still what the vector was computed from
      const out = await db
        .update(pages)
        .set({ searchVector: searchVectorSql(r.title, r.content) })
        .where(and(eq(pages.pageId, r.pageId), eq(pages.pageTitle, r.title), eq(pages.pageContent, r.content)))
        .returning({ id: pages.pageId });
      updated += out.length;
    }
    done += updated;
    if (rows.length < BATCH || updated === 0) break;
  }
  if (checkedAt.size > 10_000) checkedAt.clear();
  checkedAt.set(itemId, Date.now());
  return done;
}
