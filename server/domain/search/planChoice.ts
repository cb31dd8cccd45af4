// Which way a one-word search goes. Planned for its keyword, PostgreSQL walks the item's pages in
// menu order and stops at the hit asked for when the word is common, and asks the GIN index when
// it is rare; planning the statement cost a third of the database's time of an uncached search.
// The statistics ANALYZE keeps of the index's words tell the two apart as the planner would: a
// word in at least WALK_FROM of all pages walks; a word they do not name is held by fewer pages
// than the least common word they name, and goes to the index when that bound is at most
// RARE_PAGES pages of the whole table (the index then hands over few pages, whatever the item).
// Both run statements planned once per connection (searchRepo.findHits `plan`) and skip the
// planner; any other keyword (in between, short prefixes, several words) is planned for its
// values, as before. The statistics are read again every STATS_FOR_MS, and after this process
// refreshed them (stats.ts).
import type { DbOrTx } from '../../db/client';
import * as searchRepo from '../../db/repos/search';

/** the share of pages holding a word from which a search walks the pages in order */
export const WALK_FROM = 0.1;
/** a word the statistics do not name goes to the index when fewer pages than this hold it for sure */
export const RARE_PAGES = 2_000;
/** a shorter prefix may start many rare words at once: planned for its values */
const RARE_PREFIX_MIN = 3;
const STATS_FOR_MS = 60_000;

interface Known {
  at: number;
  /** pages that may hold a word the statistics do not name (Infinity without statistics: nothing is known rare) */
  rareBound: number;
  /** word → share of pages, and the words sorted (prefix lookups) */
  shares: Map<string, number>;
  sorted: string[];
}

const known = new WeakMap<object, Known | Promise<Known>>();
const EMPTY: Known = { at: 0, rareBound: Infinity, shares: new Map(), sorted: [] };

async function load(db: DbOrTx): Promise<Known> {
  const stats = await searchRepo.indexWordStats(db).catch(() => undefined);
  const shares = new Map<string, number>();
  stats?.words.forEach((w, i) => shares.set(w, stats.shares[i]));
  return { at: Date.now(), rareBound: stats?.words.length ? stats.minShare * stats.pages : Infinity, shares, sorted: [...shares.keys()].sort() };
}

async function statsOf(db: DbOrTx): Promise<Known> {
  const k = known.get(db);
  if (k && !(k instanceof Promise) && Date.now() - k.at < STATS_FOR_MS) return k;
  if (k instanceof Promise) return k;
  const loading = load(db).catch(() => ({ ...EMPTY, at: Date.now() }));
  known.set(db, loading);
  const loaded = await loading;
  // statistics refreshed meanwhile (statsChanged) are read again by the next search
  if (known.get(db) === loading) known.set(db, loaded);
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

export type SearchPlan = 'walk' | 'index' | undefined;

/**
 * The plan for a term with this share of pages as far as the statistics tell, `rareBound` the
 * pages that may hold a term they do not name (undefined: planned for its values).
 */
export function planForShare(share: number, rareBound: number, term: string, prefix: boolean): SearchPlan {
  if (share >= WALK_FROM) return 'walk';
  if (share === 0 && rareBound <= RARE_PAGES && (!prefix || [...term].length >= RARE_PREFIX_MIN)) return 'index';
  return undefined;
}

/** The plan of a search for this index query (see above). */
export async function searchPlan(db: DbOrTx, tsquery: string): Promise<SearchPlan> {
  const m = ONE_TERM.exec(tsquery);
  if (!m) return undefined;
  const k = await statsOf(db);
  return planForShare(termShare(k, m[1], !!m[2]), k.rareBound, m[1], !!m[2]);
}
