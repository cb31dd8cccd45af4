import { describe, expect, it, vi } from 'vitest';
import { EventBus, markRemote } from '../events';
import { ReadCache } from './readCache';
import type { ItemRow } from '../policies/itemAccess';
import type { PageData } from '../db/repos/pages';

const item = (itemId: number, itemDomain = '') => ({ itemId, itemDomain, itemName: `Item ${itemId}` }) as unknown as ItemRow;
const page = (pageId: number, itemId: number, content = 'x') => ({ pageId, itemId, catId: 0, pageContent: content }) as unknown as PageData;

function setup(ttlMs = 60_000) {
  const events = new EventBus();
  const stale: unknown[] = [];
  events.on('reads.stale', (p) => stale.push(p));
  return { events, cache: new ReadCache(events, ttlMs), stale };
}

describe('read cache', () => {
  it('serves an item from memory until a write event of this process drops it, and tells other processes', async () => {
    const { events, cache, stale } = setup();
    const load = vi.fn(async () => item(1));
    await cache.item(1, load);
    await cache.item(1, load);
    expect(load).toHaveBeenCalledTimes(1);
    events.emit('item.changed', { itemId: 1 });
    expect(stale).toEqual([{ itemIds: [1] }]);
    await cache.item(1, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("drops on another process's stale notice without repeating it", async () => {
    const { events, cache, stale } = setup();
    const load = vi.fn(async () => page(7, 1));
    await cache.page(7, load);
    events.emit('reads.stale', markRemote({ pageIds: [7] }));
    expect(stale).toHaveLength(1);
    events.emit('page.saved', markRemote({ itemId: 1, pageId: 7 }) as never);
    expect(stale).toHaveLength(1); // a remote page.saved is not bridged back
    await cache.page(7, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a load that an invalidation overlapped', async () => {
    const { events, cache } = setup();
    let release: (row: ItemRow) => void = () => {};
    const first = cache.item(2, () => new Promise((r) => (release = r)));
    events.emit('item.changed', { itemId: 2 });
    release(item(2));
    await first;
    const load = vi.fn(async () => item(2));
    await cache.item(2, load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a catalog change drops every cached page of the item (catalog and order live in the page row)', async () => {
    const { events, cache } = setup();
    await cache.page(10, async () => page(10, 3));
    await cache.page(11, async () => page(11, 3));
    await cache.page(12, async () => page(12, 4));
    events.emit('catalog.changed', { itemId: 3 });
    const load = vi.fn(async (id: number) => page(id, id === 12 ? 4 : 3));
    await cache.page(10, () => load(10));
    await cache.page(11, () => load(11));
    await cache.page(12, () => load(12));
    expect(load.mock.calls.map((c) => c[0])).toEqual([10, 11]);
  });

  it("grants are per viewer and item; an access change drops the item's", async () => {
    const { events, cache } = setup();
    const load = vi.fn(async () => []);
    await cache.grantsOf(5, 100, load);
    await cache.grantsOf(5, 101, load);
    await cache.grantsOf(5, 100, load);
    expect(load).toHaveBeenCalledTimes(2);
    events.emit('item.accessChanged', { itemId: 5, uids: [100] });
    await cache.grantsOf(5, 100, load);
    await cache.grantsOf(5, 101, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('after the time-to-live an entry is served once more while one load refreshes it', async () => {
    vi.useFakeTimers();
    try {
      const { cache } = setup(3_000);
      let version = 1;
      const load = vi.fn(async () => ({ ...item(6), itemName: `v${version}` }) as ItemRow);
      await cache.item(6, load);
      version = 2;
      vi.advanceTimersByTime(2_000);
      expect((await cache.item(6, load))?.itemName).toBe('v1');
      vi.advanceTimersByTime(1_500);
      expect((await cache.item(6, load))?.itemName).toBe('v1'); // stale, refreshing
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
      await Promise.resolve();
      expect((await cache.item(6, load))?.itemName).toBe('v2');
    } finally {
      vi.useRealTimers();
    }
  });

  it('concurrent misses share one load; a write during it makes later callers load anew', async () => {
    const { events, cache } = setup();
    let release: (row: PageData) => void = () => {};
    const load = vi.fn(() => new Promise<PageData>((r) => (release = r)));
    const a = cache.page(20, load);
    const b = cache.page(20, load);
    expect(load).toHaveBeenCalledTimes(1);
    events.emit('page.saved', { itemId: 9, pageId: 20 } as never);
    const fresh = vi.fn(async () => page(20, 9, 'after the write'));
    const c = cache.page(20, fresh);
    release(page(20, 9, 'before the write'));
    expect((await a)?.pageContent).toBe('before the write');
    expect((await b)?.pageContent).toBe('before the write');
    expect((await c)?.pageContent).toBe('after the write');
  });

  it('a page save drops that page and the item row, keeps grants and the other pages, and tells other processes so', async () => {
    const { events, cache, stale } = setup();
    const itemLoad = vi.fn(async () => item(3));
    const grantLoad = vi.fn(async () => []);
    const otherPage = vi.fn(async () => page(31, 3));
    const savedPage = vi.fn(async () => page(30, 3));
    const warm = async () => {
      await cache.item(3, itemLoad);
      await cache.grantsOf(3, 5, grantLoad);
      await cache.page(30, savedPage);
      await cache.page(31, otherPage);
    };
    await warm();
    events.emit('page.saved', { itemId: 3, pageId: 30 } as never);
    expect(stale).toEqual([{ editedItemIds: [3], pageIds: [30] }]);
    await warm();
    expect([itemLoad, savedPage].map((f) => f.mock.calls.length)).toEqual([2, 2]);
    expect([grantLoad, otherPage].map((f) => f.mock.calls.length)).toEqual([1, 1]);
    // the same from another process
    events.emit('reads.stale', markRemote({ editedItemIds: [3], pageIds: [31] }));
    await warm();
    expect([itemLoad, otherPage, grantLoad, savedPage].map((f) => f.mock.calls.length)).toEqual([3, 2, 1, 2]);
  });

  it('a personal domain follows its item: once the domain is cleared it is looked up again', async () => {
    const { events, cache } = setup();
    await cache.domain('docs', async () => item(8, 'docs'));
    events.emit('item.changed', { itemId: 8 });
    const load = vi.fn(async () => undefined);
    expect(await cache.domain('docs', load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a page's mark moves with writes to that page and to all of its item, not with saves of other pages", () => {
    const { events, cache } = setup();
    const mark = cache.pageMark(40, 4);
    events.emit('page.saved', { itemId: 4, pageId: 41 } as never);
    events.emit('item.changed', { itemId: 5 });
    expect(cache.pageMark(40, 4)).toBe(mark);
    events.emit('page.saved', { itemId: 4, pageId: 40 } as never);
    const afterSave = cache.pageMark(40, 4);
    expect(afterSave).not.toBe(mark);
    events.emit('catalog.changed', { itemId: 4 });
    expect(cache.pageMark(40, 4)).not.toBe(afterSave);
  });

  it('keeps the row a writer stored: the next read needs no load, and the next invalidation drops it', async () => {
    const { events, cache } = setup();
    cache.keepPage(page(50, 6, 'saved'));
    const load = vi.fn(async () => page(50, 6, 'loaded'));
    expect((await cache.page(50, load))?.pageContent).toBe('saved');
    expect(load).not.toHaveBeenCalled();
    // kept rows belong to their item like loaded ones: a catalog change drops them
    events.emit('catalog.changed', { itemId: 6 });
    expect((await cache.page(50, load))?.pageContent).toBe('loaded');
  });
});
