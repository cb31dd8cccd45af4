// A per-process cache of menu sources (item/info is the hottest read: DESIGN §7 asks for
// 2,000 req/s on a 1,000-page item). An entry is dropped by this process's write events and
// other processes' ('reads.stale', over Redis), and is only used while the item's
// last_update_time is the one it was loaded with and it is younger than the time-to-live. Rows read in the same second
// as the item's last update are not cached, so a write in that second cannot hide.
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../../deps';
import type { ItemRow } from '../../db/repos/items';
import { loadMenuSource, type MenuSource } from './menu';

interface Entry {
  stamp: number;
  loadedAt: number;
  src: MenuSource;
}

const MAX_CACHED_PAGES = 20_000;

class MenuCache {
  private readonly entries = new LRUCache<number, Entry>({ max: 200 });
  /** bumped by every write event: a load that overlapped a write is not kept */
  private readonly generation = new Map<number, number>();
  constructor(
    private readonly deps: AppDeps,
    /** ms an entry may be used; short when other nodes may write without our events */
    private readonly ttlMs: number,
  ) {
    const drop = ({ itemId }: { itemId: number }) => {
      this.entries.delete(itemId);
      this.generation.set(itemId, (this.generation.get(itemId) ?? 0) + 1);
    };
    for (const name of ['page.saved', 'page.deleted', 'catalog.changed', 'item.changed', 'item.accessChanged'] as const) deps.events.on(name, drop);
    // other processes' writes (bridged over Redis)
    deps.events.on('reads.stale', ({ itemIds, editedItemIds }) => [...(itemIds ?? []), ...(editedItemIds ?? [])].forEach((itemId) => drop({ itemId })));
  }

  /**
   * one load per item at a time, shared by the requests that need it — only by those that know of
   * no later write (the same generation and item stamp): a reader after a write never gets a load
   * that started before it
   */
  private readonly inflight = new Map<number, { gen: number; stamp: number; promise: Promise<MenuSource> }>();

  async get(item: ItemRow): Promise<MenuSource> {
    if (!this.deps.config.answerCaches) return loadMenuSource(this.deps.db, item.itemId);
    const hit = this.entries.get(item.itemId);
    const sameStamp = hit !== undefined && hit.stamp === item.lastUpdateTime;
    if (sameStamp && Date.now() - hit.loadedAt < this.ttlMs) return hit.src;
    const flight = this.load(item, sameStamp ? hit : undefined);
    if (!sameStamp) return flight;
    // expired with no write known: served once more while one load refreshes it (as readCache)
    flight.catch(() => {});
    return hit.src;
  }

  private load(item: ItemRow, previous: Entry | undefined): Promise<MenuSource> {
    const gen = this.generation.get(item.itemId) ?? 0;
    const running = this.inflight.get(item.itemId);
    if (running && running.gen === gen && running.stamp === item.lastUpdateTime) return running.promise;
    const loadedAt = Date.now();
    const started = loadMenuSource(this.deps.db, item.itemId)
      .then((loaded) => {
        // the same rows again: the same object, so the menus, answer bytes and ETags built on it stay
        const src = previous && sameSource(previous.src, loaded) ? previous.src : loaded;
        const unchanged = (this.generation.get(item.itemId) ?? 0) === gen;
        if (unchanged && item.lastUpdateTime < this.deps.now() && src.pageRows.length <= MAX_CACHED_PAGES) {
          this.entries.set(item.itemId, { stamp: item.lastUpdateTime, loadedAt, src });
        } else {
          this.entries.delete(item.itemId);
        }
        return src;
      })
      .finally(() => {
        if (this.inflight.get(item.itemId)?.promise === started) this.inflight.delete(item.itemId);
      });
    this.inflight.set(item.itemId, { gen, stamp: item.lastUpdateTime, promise: started });
    return started;
  }
}

/** rows equal field by field (what a reload of an unchanged item gives) */
function sameRows<T extends object>(a: T[], b: T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Record<string, unknown>;
    const y = b[i] as Record<string, unknown>;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const k of keys) if (x[k] !== y[k]) return false;
  }
  return true;
}

const sameSource = (a: MenuSource, b: MenuSource) => sameRows(a.catalogRows, b.catalogRows) && sameRows(a.pageRows, b.pageRows);

const caches = new WeakMap<AppDeps['events'], MenuCache>();

/** The menu source of an item, from the cache when it is still valid. */
export function cachedMenuSource(deps: AppDeps, item: ItemRow): Promise<MenuSource> {
  let cache = caches.get(deps.events);
  if (!cache) {
    // as long as the item rows it is checked against (readCache)
    cache = new MenuCache(deps, deps.reads.ttlMs);
    caches.set(deps.events, cache);
  }
  return cache.get(item);
}
