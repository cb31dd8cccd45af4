import { afterEach, describe, expect, it, vi } from 'vitest';
import { arrived, prefetch, prefetched } from './prefetch';

afterEach(() => vi.useRealTimers());

describe('prefetch', () => {
  it('hands the early answer to the first taker only; the next one asks again', async () => {
    const early = vi.fn(async () => 'early');
    prefetch('k1', early);
    prefetch('k1', early);
    expect(early).toHaveBeenCalledTimes(1);
    expect(await prefetched('k1', async () => 'late')).toBe('early');
    expect(await prefetched('k1', async () => 'late')).toBe('late');
  });

  it('ignores an answer older than five seconds', async () => {
    vi.useFakeTimers();
    prefetch('k2', async () => 'stale');
    vi.advanceTimersByTime(6_000);
    expect(await prefetched('k2', async () => 'fresh')).toBe('fresh');
  });

  it('a failed prefetch rejects for its taker, and is not an unhandled rejection before that', async () => {
    prefetch('k3', async () => {
      throw new Error('10303');
    });
    await new Promise((r) => setTimeout(r, 10));
    await expect(prefetched('k3', async () => 'unused')).rejects.toThrow('10303');
  });
});

describe('arrived', () => {
  it('gives an answer that is already there, once, and leaves one still on its way', async () => {
    let release: (v: string) => void = () => {};
    prefetch('k4', () => new Promise<string>((r) => (release = r)));
    expect(arrived('k4')).toBeUndefined();
    release('page');
    await new Promise((r) => setTimeout(r, 0));
    expect(arrived('k4')).toBe('page');
    expect(arrived('k4')).toBeUndefined();
    expect(await prefetched('k4', async () => 'asked again')).toBe('asked again');
  });
});
