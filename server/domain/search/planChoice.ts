// Which way a one-word search goes. Planned for its keyword, PostgreSQL walks the item's pages in
// menu order and stops at the hit asked for when the word is common, and asks the GIN index when
// it is rare; planning the statement cost a third of the database's time of an uncached search.
// For a word ANALYZE found in at least WALK_FROM of all pages, the walk is the plan it would
// choose: such searches run a statement planned once per connection (searchRepo.findHits `walk`)
// and skip the planner. Any other keyword is planned for its values, as before. The statistics
// are read again every STATS_FOR_MS (and after this process refreshed them: stats.ts).
import type { DbOrTx } from '../../db/client';
import * as searchRepo from '../../db/repos/search';

/** the share of pages holding a word from which a search walks the pages in order */
export const WALK_FROM = 0.1;
const STATS_FOR_MS = 60_000;

interface Known {
  at: number;
  /** word → share of pages, and the words sorted (prefix lookups) */
  shares: Map<string, number>;
  sorted: string[];
}

const known = new WeakMap<object, Known | Promise<Known>>();
const EMPTY: Known = { at: 0, shares: new Map(), sorted: [] };

async function load(db: DbOrTx): Promise<Known> {
  const stats = await searchRepo.indexWordStats(db).catch(() => undefined);
  const shares = new Map<string, number>();
  stats?.words.forEach((w, i) => shares.set(w, stats.shares[i]));
  return { at: Date.now(), shares, sorted: [...shares.keys()].sort() };
}

async function statsOf(db: DbOrTx): Promise<Known> {
  const k = known.get(db);
  if (k && !(k instanceof Promise) && Date.now() - k.at < STATS_FOR_MS) return k;
  if (k instanceof Promise) return k;
  const loading = load(db).catch(() => ({ ...EMPTY, at: Date.now() }));
  known.set(db, loading);
  const loaded = await loading;
  known.set(db, loaded);
  return loaded;
}

/** Forget the statistics read (this process has just refreshed them). */
export function statsChanged(db: DbOrTx): void {
  known.delete(db);
}

/** the first index in sorted words not below `prefix` */
function firstFrom(sorted: string[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The share of pages holding the term as far as the statistics tell: for a prefix (`'word':*`)
 * the largest share of one word it starts (a lower bound: pages hold at least that one), for a
 * whole term its own share; 0 when the statistics do not name it.
 */
export function termShare(k: Pick<Known, 'shares' | 'sorted'>, term: string, prefix: boolean): number {
  if (!prefix) return k.shares.get(term) ?? 0;
  let best = 0;
  for (let i = firstFrom(k.sorted, term); i < k.sorted.length && k.sorted[i].startsWith(term); i++) best = Math.max(best, k.shares.get(k.sorted[i])!);
  return best;
}

/** one term: 'word' or 'word':* (keywordQuery's form; words hold no quote) */
const ONE_TERM = /^'([^']+)'(:\*)?$/;

/** Whether the search for this index query walks the item's pages (see above). */
export async function walksPages(db: DbOrTx, tsquery: string): Promise<boolean> {
  const m = ONE_TERM.exec(tsquery);
  if (!m) return false;
  return termShare(await statsOf(db), m[1], !!m[2]) >= WALK_FROM;
}
