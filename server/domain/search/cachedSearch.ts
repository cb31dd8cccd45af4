// Search answers are kept per item until anything in the item is written (ItemScopedCache): a
// team repeats its searches (the same terms, the next page and back, a client searching as one
// types) far more often than it saves pages, and a repeated search then costs no database work.
import type { AppDeps } from '../../deps';
import { ItemScopedCache } from '../../cache/itemScoped';
import { searchPages, type SearchAnswer } from './search';

const caches = new WeakMap<AppDeps['events'], ItemScopedCache<SearchAnswer>>();

export function cachedSearch(deps: AppDeps, itemId: number, keyword: string, catIds: number[] | null, page: number): Promise<SearchAnswer> {
  let cache = caches.get(deps.events);
  if (!cache) caches.set(deps.events, (cache = new ItemScopedCache<SearchAnswer>(deps.events, deps.reads.ttlMs, 5_000)));
  const scope = catIds === null ? '*' : [...catIds].sort((a, b) => a - b).join(',');
  return cache.get(itemId, `${page}\u0000${scope}\u0000${keyword}`, () =>
    searchPages(deps.db, itemId, keyword, catIds, { page, guardPlan: deps.dbKind === 'pglite' }),
  );
}
