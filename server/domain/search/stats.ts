// The planner needs fresh statistics on pages to choose between walking the item's pages in
// order (common words) and the GIN index (rare words). Without them it takes a big item for a
// small one and reads all of its pages for any keyword (40 ms for 10,000 pages in PGlite).
// PostgreSQL's autovacuum keeps them; embedded PGlite has no autovacuum. So searches check — at
// most every `everyMs` per process: 1 s for PGlite, where the check is one cheap function call in
// the same process, 30 s against a server — whether many pages changed since the last ANALYZE,
// and refresh the statistics then, before planning (and merge the search index's pending list).
import type { DbOrTx } from '../../db/client';
import * as searchRepo from '../../db/repos/search';
import { statsChanged } from './planChoice';

const lastCheck = new WeakMap<object, number>();

export async function keepPageStatsFresh(db: DbOrTx, everyMs = 30_000): Promise<void> {
  if (Date.now() - (lastCheck.get(db) ?? 0) < everyMs) return;
  lastCheck.set(db, Date.now());
  const row = await searchRepo.pageTableChanges(db);
  if (row && row.changed > 500 && row.changed > row.live * 0.1) {
    await searchRepo.analyzePages(db);
    statsChanged(db);
  }
}
