import { describe, expect, it, vi } from 'vitest';
import { EventBus, markRemote } from '../events';
import { ItemScopedCache } from './itemScoped';

const setup = (ttlMs = 60_000, max = 100) => {
  const events = new EventBus();
  return { events, cache: new ItemScopedCache<{ n: number }>(events, ttlMs, { maxBytes: max, sizeOf: () => 1 }) };
};

describe('item-scoped cache', () => {
  it('answers again from memory until something in that item is written', async () => {
    const { events, cache } = setup();
    let n = 0;
    const compute = vi.fn(async () => ({ n: ++n }));
    expect(await cache.get(1, 'deploy', compute)).toEqual({ n: 1 });
    expect(await cache.get(1, 'deploy', compute)).toEqual({ n: 1 });
    const other = vi.fn(async () => ({ n: 100 }));
    await cache.get(2, 'deploy', other);
    for (const write of [
      () => events.emit('page.saved', { itemId: 1 } as never),
      () => events.emit('page.deleted', { itemId: 1, pageId: 5 }),
      () => events.emit('catalog.changed', { itemId: 1 }),
      () => events.emit('item.changed', { itemId: 1 }),
      () => events.emit('reads.stale', markRemote({ itemIds: [1] })),
    ]) {
      const before = compute.mock.calls.length;
      write();
      await cache.get(1, 'deploy', compute);
      expect(compute.mock.calls.length).toBe(before + 1);
    }
    // the other item kept its answer
    await cache.get(2, 'deploy', other);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('does not keep an answer computed while the item was written, and shares concurrent computations', async () => {
    const { events, cache } = setup();
    let release!: (v: { n: number }) => void;
    const slow = vi.fn(() => new Promise<{ n: number }>((r) => (release = r)));
    const a = cache.get(1, 'k', slow);
    const b = cache.get(1, 'k', slow);
    expect(slow).toHaveBeenCalledTimes(1);
    events.emit('catalog.changed', { itemId: 1 });
    // asked after the write: computed anew, not joined to the older computation
    const fresh = vi.fn(async () => ({ n: 2 }));
    const c = cache.get(1, 'k', fresh);
    release({ n: 1 });
    expect(await a).toEqual({ n: 1 });
    expect(await b).toEqual({ n: 1 });
    expect(await c).toEqual({ n: 2 });
    expect(fresh).toHaveBeenCalledTimes(1);
    // the answer kept is the one computed after the write
    expect(await cache.get(1, 'k', vi.fn(async () => ({ n: 3 })))).toEqual({ n: 2 });
  });

  it('forgets answers older than the time-to-live, and evicts the least recently used', async () => {
    const { cache } = setup(0, 2);
    const compute = vi.fn(async () => ({ n: 1 }));
    await cache.get(1, 'a', compute);
    await cache.get(1, 'a', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    const { cache: small } = setup(60_000, 2);
    const keep = vi.fn(async () => ({ n: 1 }));
    await small.get(1, 'a', keep);
    await small.get(1, 'b', keep);
    await small.get(1, 'c', keep);
    await small.get(1, 'a', keep);
    expect(keep).toHaveBeenCalledTimes(4);
  });

  it('keeps answers up to a weight, not a count: one heavy answer pushes out several light ones', async () => {
    const events = new EventBus();
    const cache = new ItemScopedCache<{ n: number }>(events, 60_000, { maxBytes: 10, sizeOf: (v) => v.n });
    const compute = vi.fn(async (n: number) => ({ n }));
    for (const key of ['a', 'b', 'c']) await cache.get(1, key, () => compute(3));
    await cache.get(1, 'heavy', () => compute(8));
    // 3 + 3 + 3 + 8 > 10: the oldest light ones went, the heavy one stays
    await cache.get(1, 'heavy', () => compute(8));
    await cache.get(1, 'a', () => compute(3));
    expect(compute.mock.calls.map((c) => c[0])).toEqual([3, 3, 3, 8, 3]);
  });

  it('with admitAfter 2 keeps an answer from its second request on', async () => {
    const events = new EventBus();
    const cache = new ItemScopedCache<{ n: number }>(events, 60_000, { maxBytes: 100, sizeOf: () => 1, admitAfter: 2 });
    let n = 0;
    const compute = vi.fn(async () => ({ n: ++n }));
    expect(await cache.get(1, 'once', compute)).toEqual({ n: 1 });
    expect(await cache.get(1, 'once', compute)).toEqual({ n: 2 });
    expect(await cache.get(1, 'once', compute)).toEqual({ n: 2 });
    expect(compute).toHaveBeenCalledTimes(2);
    // concurrent requests share one computation and count as one
    const [a, b] = await Promise.all([cache.get(1, 'pair', compute), cache.get(1, 'pair', compute)]);
    expect(a).toBe(b);
    await cache.get(1, 'pair', compute);
    await cache.get(1, 'pair', compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
