// A per-process cache of answers computed from one item's pages and catalogs (search results):
// every entry of an item goes when anything in that item is written — by this process's events
// at once, by other processes' through 'reads.stale' (bridged over Redis) — and an entry lives at
// most the read cache's time-to-live. A computation that overlapped a write is not kept, and
// concurrent identical requests share one computation. With `admitAfter` an answer is kept only
// once it was asked for that many times within the time-to-live: answers asked for once (most
// searches typed as one goes) would only push out the repeated ones and churn the heap.
import { LRUCache } from 'lru-cache';
import type { EventBus } from '../events';

interface Entry<V> {
  value: V;
  at: number;
}

export class ItemScopedCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly keysOfItem = new Map<number, Set<string>>();
  private readonly generation = new Map<number, number>();
  private readonly inflight = new Map<string, { gen: number; promise: Promise<V> }>();
  /** times each key not yet kept was asked for, within the time-to-live */
  private readonly asked: LRUCache<string, number>;
  private readonly admitAfter: number;

  constructor(
    events: EventBus,
    private readonly ttlMs: number,
    /** the entries kept weigh at most maxBytes, as sizeOf estimates an answer (≥ 1) */
    limits: { maxBytes: number; sizeOf: (value: V) => number; admitAfter?: number },
  ) {
    this.admitAfter = limits.admitAfter ?? 1;
    this.asked = new LRUCache({ max: 10_000, ttl: Math.max(1, ttlMs) });
    this.entries = new LRUCache({
      maxSize: limits.maxBytes,
      sizeCalculation: (e) => Math.max(1, Math.ceil(limits.sizeOf(e.value))),
      dispose: (_v, key) => this.forgetKey(key),
    });
    const drop = ({ itemId }: { itemId: number }) => this.dropItem(itemId);
    for (const name of ['page.saved', 'page.deleted', 'catalog.changed', 'item.changed', 'item.accessChanged'] as const) events.on(name, drop);
    events.on('reads.stale', ({ itemIds, editedItemIds }) => [...(itemIds ?? []), ...(editedItemIds ?? [])].forEach((itemId) => this.dropItem(itemId)));
    // while other processes' invalidations cannot arrive (Redis away), compute every answer
    events.on('bridge.state', ({ up }) => {
      this.bypass = !up;
      this.epoch++;
      this.inflight.clear();
      this.entries.clear();
    });
  }

  private bypass = false;
  /** bumped when everything is forgotten: a computation that overlapped it is not kept */
  private epoch = 0;

  get(itemId: number, key: string, compute: () => Promise<V>): Promise<V> {
    if (this.bypass) return compute();
    const full = `${itemId}\u0000${key}`;
    const hit = this.entries.get(full);
    if (hit && Date.now() - hit.at < this.ttlMs) return Promise.resolve(hit.value);
    const gen = this.generation.get(itemId) ?? 0;
    const flight = this.inflight.get(full);
    if (flight && flight.gen === gen) return flight.promise;
    const admitted = this.admit(full);
    const epoch = this.epoch;
    const promise = compute()
      .then((value) => {
        if (admitted && (this.generation.get(itemId) ?? 0) === gen && epoch === this.epoch) {
          this.entries.set(full, { value, at: Date.now() });
          let keys = this.keysOfItem.get(itemId);
          if (!keys) this.keysOfItem.set(itemId, (keys = new Set()));
          keys.add(full);
        }
        return value;
      })
      .finally(() => {
        if (this.inflight.get(full)?.promise === promise) this.inflight.delete(full);
      });
    this.inflight.set(full, { gen, promise });
    return promise;
  }

  /** counts a request for a key not kept; true when its answer is to be kept */
  private admit(key: string): boolean {
    if (this.admitAfter <= 1) return true;
    const times = (this.asked.get(key) ?? 0) + 1;
    if (times < this.admitAfter) {
      this.asked.set(key, times);
      return false;
    }
    this.asked.delete(key);
    return true;
  }

  private dropItem(itemId: number): void {
    this.generation.set(itemId, (this.generation.get(itemId) ?? 0) + 1);
    const keys = this.keysOfItem.get(itemId);
    this.keysOfItem.delete(itemId);
    for (const key of keys ?? []) this.entries.delete(key);
  }

  private forgetKey(key: string): void {
    const itemId = Number(key.slice(0, key.indexOf('\u0000')));
    const keys = this.keysOfItem.get(itemId);
    keys?.delete(key);
    if (keys && !keys.size) this.keysOfItem.delete(itemId);
  }
}
