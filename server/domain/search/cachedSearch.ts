// Search answers are kept per item until anything in the item is written (ItemScopedCache): a
// team repeats its searches (the same terms, the next page and back, a client searching as one
// types) far more often than it saves pages, and a repeated search then costs no database work.
// An answer is kept from its second request on: one-off searches would only churn the cache.
import type { AppDeps } from '../../deps';
import { ItemScopedCache } from '../../cache/itemScoped';
import { searchPages, type SearchAnswer } from './search';
import { searchKeyword } from './tokens';

/**
 * Memory the kept answers may take (DESIGN §7: 300 MB for the process). A page of 50 hits is
 * about 40 KB of heap: a count of entries alone let 5,000 distinct searches take 200 MB.
 */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * Bytes a kept answer holds, roughly: on the heap, two a character plus the objects around them;
 * then its ready JSON (presenters/pageSearch.ts keeps it beside the answer), one to three a
 * character plus the field names. Left out, the JSON let the kept searches take half as much again
 * as MAX_BYTES, and the process pass 300 MB under the bench's searches.
 */
const answerBytes = (a: SearchAnswer) => a.hits.reduce((n, h) => n + 350 + 4 * (h.pageTitle.length + h.searchContent.length + h.authorUsername.length), 200);

const caches = new WeakMap<AppDeps['events'], ItemScopedCache<SearchAnswer>>();

export function cachedSearch(deps: AppDeps, itemId: number, keyword: string, catIds: number[] | null, page: number): Promise<SearchAnswer> {
  // the search matches this form (tokens.ts): one entry for every spelling of the same search
  keyword = searchKeyword(keyword);
  const search = () => searchPages(deps.db, itemId, keyword, catIds, { page, statsEveryMs: deps.dbKind === 'pglite' ? 1_000 : 30_000 });
  if (!deps.config.answerCaches) return search();
  let cache = caches.get(deps.events);
  if (!cache) caches.set(deps.events, (cache = new ItemScopedCache<SearchAnswer>(deps.events, deps.reads.ttlMs, { maxBytes: MAX_BYTES, sizeOf: answerBytes, admitAfter: 2 })));
  const scope = catIds === null ? '*' : [...catIds].sort((a, b) => a - b).join(',');
  return cache.get(itemId, `${page}\u0000${scope}\u0000${keyword}`, search);
}
