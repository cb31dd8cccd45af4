// A per-process cache of what nearly every request reads before it can answer: item rows (by id
// and personal domain), a viewer's grants on an item, page rows and a page's share/attachment
// extras. Without it page/info costs six queries. Entries are dropped by this process's write
// events at once, and by other processes' through 'reads.stale' (bridged over Redis); the
// time-to-live bounds what a missed event could leave (short when other processes may write).
// A load that overlapped an invalidation is not kept (generations), so a write cannot hide.
import { LRUCache } from 'lru-cache';
import { isRemote, type DomainEvents, type EventBus } from '../events';
import type { ItemRow } from '../db/repos/items';
import type { GrantRow } from '../db/repos/grants';
import type { PageData } from '../db/repos/pages';
import type { ShareRow } from '../db/repos/shares';

export interface PageExtras {
  share: ShareRow | undefined;
  attachmentCount: number;
}

/** a cached value and when it was loaded (its age bounds what a lost event can leave stale) */
export type Loaded<T> = { value: T; at: number };

/** page bytes kept at most (content dominates a page row) */
const MAX_PAGE_BYTES = 48 * 1024 * 1024;

export class ReadCache {
  private readonly items = new LRUCache<number, Loaded<ItemRow>>({ max: 5_000 });
  private readonly domains = new LRUCache<string, Loaded<number>>({ max: 5_000 });
  private readonly grants = new LRUCache<string, Loaded<GrantRow[]>>({ max: 50_000 });
  private readonly pages = new LRUCache<number, Loaded<PageData>>({
    maxSize: MAX_PAGE_BYTES,
    sizeCalculation: (e) => 512 + e.value.pageContent.length * 2,
  });
  private readonly extras = new LRUCache<number, Loaded<PageExtras>>({ max: 20_000 });
  /** cached page ids of an item, to drop them when its catalogs change */
  private readonly pagesOfItem = new Map<number, Set<number>>();
  /** bumped by each invalidation of an item (its row, grants and pages) or page */
  private readonly itemGen = new Map<number, number>();
  private readonly pageGen = new Map<number, number>();
  /** bumped by every item invalidation (row and all, or row only): domain loads learn their item from the row */
  private itemDrops = 0;
  /** bumped by invalidations of all of an item (its pages too), overall and per item */
  private wholeItemDrops = 0;
  private readonly wholeItemGen = new Map<number, number>();
  /** loads under way, shared by concurrent callers; a write forgets them all, so later callers load anew */
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(
    events: EventBus,
    /** ms an entry may be used (the most a read can lag another process's write if its event is lost) */
    readonly ttlMs: number,
  ) {
    const local = <K extends keyof DomainEvents>(name: K, ids: (p: DomainEvents[K]) => DomainEvents['reads.stale']) =>
      events.on(name, (p) => {
        const stale = ids(p);
        this.drop(stale);
        // other processes learn it through the bridged event (a remote payload came from one)
        if (!isRemote(p as object)) events.emit('reads.stale', stale);
      });
    local('item.changed', (p) => ({ itemIds: [p.itemId] }));
    local('item.attorned', (p) => ({ itemIds: [p.itemId] }));
    local('catalog.changed', (p) => ({ itemIds: [p.itemId] }));
    // a save or delete changes that page and the item row (update time; a single-page item's name),
    // not who may read the item nor its other pages
    local('page.saved', (p) => ({ editedItemIds: [p.itemId], pageIds: [p.pageId] }));
    local('page.deleted', (p) => ({ editedItemIds: [p.itemId], pageIds: [p.pageId] }));
    // bridged itself: no need to say it twice
    events.on('item.accessChanged', (p) => this.drop({ itemIds: [p.itemId] }));
    events.on('reads.stale', (p) => this.drop(p));
    // no invalidation arrives while the bridge is down, and what it missed is unknown after
    events.on('bridge.state', ({ up }) => {
      this.bypass = !up;
      this.forgetAll();
    });
  }

  /** true while other processes' invalidations cannot reach us: every read goes to the database */
  private bypass = false;
  /** bumped by forgetAll(): a load that overlapped it is not kept */
  private epoch = 0;

  private forgetAll(): void {
    this.epoch++;
    this.inflight.clear();
    this.items.clear();
    this.domains.clear();
    this.grants.clear();
    this.pages.clear();
    this.extras.clear();
    this.pagesOfItem.clear();
  }

  /** Forgets the named items (row, domain, grants, pages), edited items' rows, and pages (row, extras). */
  drop(stale: DomainEvents['reads.stale']): void {
    this.inflight.clear();
    for (const itemId of stale.itemIds ?? []) {
      this.itemDrops++;
      this.wholeItemDrops++;
      this.itemGen.set(itemId, (this.itemGen.get(itemId) ?? 0) + 1);
      this.wholeItemGen.set(itemId, (this.wholeItemGen.get(itemId) ?? 0) + 1);
      for (const [domain, e] of this.domains.entries()) if (e.value === itemId) this.domains.delete(domain);
      this.items.delete(itemId);
      for (const key of this.grants.keys()) if (key.startsWith(`${itemId}:`)) this.grants.delete(key);
      for (const pageId of this.pagesOfItem.get(itemId) ?? []) this.dropPage(pageId);
      this.pagesOfItem.delete(itemId);
    }
    for (const itemId of stale.editedItemIds ?? []) {
      // loads that learn their item from a row (domains) must not keep what they read before
      this.itemDrops++;
      this.itemGen.set(itemId, (this.itemGen.get(itemId) ?? 0) + 1);
      this.items.delete(itemId);
    }
    for (const pageId of stale.pageIds ?? []) this.dropPage(pageId);
  }

  private dropPage(pageId: number): void {
    this.pageGen.set(pageId, (this.pageGen.get(pageId) ?? 0) + 1);
    this.pages.delete(pageId);
    this.extras.delete(pageId);
  }

  /** generation stamps: unchanged after a load means no invalidation overlapped it */
  private itemStamp(itemId: number): number {
    return this.itemGen.get(itemId) ?? 0;
  }
  /** a page load learns its item only from the row: any whole-item drop counts */
  private pageStamp(pageId: number): string {
    return `${this.wholeItemDrops}:${this.pageGen.get(pageId) ?? 0}`;
  }

  /**
   * Read-through: a fresh entry is served; an expired one (no write known) is served once more while
   * one load refreshes it; a miss waits for the load, shared by concurrent callers. A load keeps its
   * result only when no invalidation overlapped it, and misses are never kept (an id that appears —
   * created, recovered — must be found at once).
   */
  private through<K extends string | number, V>(
    cache: LRUCache<K, Loaded<V>>,
    flightKey: string,
    key: K,
    stamp: () => string | number,
    load: () => Promise<V | undefined>,
    keep: (value: V) => void = (value) => cache.set(key, { value, at: Date.now() }),
  ): Promise<V | undefined> {
    if (this.bypass) return load();
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return Promise.resolve(hit.value);
    let flight = this.inflight.get(flightKey) as Promise<V | undefined> | undefined;
    if (!flight) {
      const before = stamp();
      const epoch = this.epoch;
      const started: Promise<V | undefined> = load()
        .then((value) => {
          if (value !== undefined && stamp() === before && epoch === this.epoch) keep(value);
          return value;
        })
        .finally(() => {
          if (this.inflight.get(flightKey) === started) this.inflight.delete(flightKey);
        });
      this.inflight.set(flightKey, started);
      flight = started;
    }
    if (!hit) return flight;
    flight.catch(() => {}); // the refresh failing leaves the next caller to try again
    return Promise.resolve(hit.value);
  }

  /** a fresh entry, looked up before a read builds its flight key and closures (the hot path: a hit) */
  private fresh<K, V>(cache: LRUCache<K & {}, Loaded<V>>, key: K & {}): Loaded<V> | undefined {
    if (this.bypass) return undefined;
    const hit = cache.get(key);
    return hit && Date.now() - hit.at < this.ttlMs ? hit : undefined;
  }

  item(itemId: number, load: () => Promise<ItemRow | undefined>): Promise<ItemRow | undefined> {
    const hit = this.fresh(this.items, itemId);
    if (hit) return Promise.resolve(hit.value);
    return this.through(this.items, `item:${itemId}`, itemId, () => this.itemStamp(itemId), load, (row) => this.keepItem({ value: row, at: Date.now() }));
  }

  /** the item row as the cache would serve it now, without loading */
  peekItem(itemId: number): Loaded<ItemRow> | undefined {
    if (this.bypass) return undefined;
    const hit = this.items.get(itemId);
    return hit && Date.now() - hit.at < this.ttlMs ? hit : undefined;
  }

  /**
   * Puts back an item row a writer changed itself: it peeked at the cached entry and, synchronously
   * after publishing its own event, keeps it with its change (savePage: the update time). The
   * entry keeps its load time, so a change missed from another process still ends with the TTL.
   */
  keepItem(entry: Loaded<ItemRow>): void {
    if (this.bypass) return;
    this.items.set(entry.value.itemId, entry);
    if (entry.value.itemDomain) this.domains.set(entry.value.itemDomain, { value: entry.value.itemId, at: entry.at });
  }

  /** the item behind a personal domain (an unknown domain is not remembered: setting it must work at once) */
  async domain(domain: string, load: () => Promise<ItemRow | undefined>): Promise<ItemRow | undefined> {
    if (this.bypass) return load();
    const hit = this.domains.get(domain);
    if (hit && Date.now() - hit.at < this.ttlMs) {
      const row = await this.item(hit.value, load);
      // the domain moved to another item or was cleared since: ask again
      if (row?.itemDomain === domain) return row;
      this.domains.delete(domain);
    }
    const before = this.itemDrops;
    const row = await load();
    if (row && this.itemDrops === before) {
      this.domains.set(domain, { value: row.itemId, at: Date.now() });
      this.items.set(row.itemId, { value: row, at: Date.now() });
    }
    return row;
  }

  async grantsOf(itemId: number, uid: number, load: () => Promise<GrantRow[]>): Promise<GrantRow[]> {
    const key = `${itemId}:${uid}`;
    const hit = this.fresh(this.grants, key);
    if (hit) return hit.value;
    return (await this.through(this.grants, `grants:${key}`, key, () => this.itemStamp(itemId), load)) ?? [];
  }

  page(pageId: number, load: () => Promise<PageData | undefined>): Promise<PageData | undefined> {
    const hit = this.fresh(this.pages, pageId);
    if (hit) return Promise.resolve(hit.value);
    return this.through(this.pages, `page:${pageId}`, pageId, () => this.pageStamp(pageId), load, (row) => this.keepPage(row));
  }

  /** Changes whenever the page, or all of its item, is invalidated: compare before and after a write (see keepPage). */
  pageMark(pageId: number, itemId: number): string {
    return `${this.wholeItemGen.get(itemId) ?? 0}:${this.pageGen.get(pageId) ?? 0}`;
  }

  /**
   * Keeps the row a write just stored. The writer checks, synchronously before publishing its own
   * event, that pageMark did not change since before the write: no other write overlapped it.
   */
  keepPage(row: PageData): void {
    if (this.bypass) return;
    this.pages.set(row.pageId, { value: row, at: Date.now() });
    const set = this.pagesOfItem.get(row.itemId) ?? new Set<number>();
    set.add(row.pageId);
    this.pagesOfItem.set(row.itemId, set);
  }

  async pageExtras(pageId: number, load: () => Promise<PageExtras>): Promise<PageExtras> {
    const hit = this.fresh(this.extras, pageId);
    if (hit) return hit.value;
    return (await this.through(this.extras, `extras:${pageId}`, pageId, () => this.pageStamp(pageId), load))!;
  }
}
