// Pages written without a search vector (older rows, bulk copies) get one before an item is
// searched. Checked at most every 10 s per item and process.
import type { DbOrTx } from '../../db/client';
import * as searchRepo from '../../db/repos/search';
import { pageTokens } from './tokens';

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
    const rows = await searchRepo.unindexedOfItem(db, itemId, BATCH);
    let updated = 0;
    for (const r of rows) {
      // only if the text is still what the vector was computed from
      if (await searchRepo.setVectorIfUnchanged(db, r, pageTokens(r.title, r.content))) updated++;
    }
    done += updated;
    if (rows.length < BATCH || updated === 0) break;
  }
  if (checkedAt.size > 10_000) checkedAt.clear();
  checkedAt.set(itemId, Date.now());
  return done;
}
