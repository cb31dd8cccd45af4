import { describe, expect, it } from 'vitest';
import { planForShare, RARE_PAGES, termShare, WALK_FROM } from './planChoice';

const stats = (shares: Record<string, number>) => ({ shares: new Map(Object.entries(shares)), sorted: Object.keys(shares).sort() });

describe('termShare', () => {
  const k = stats({ request: 0.6, requests: 0.2, 'request+url': 0.3, req: 0.05, user: 0.4, 数据: 0.15 });

  it('a whole term has its own share; a term the statistics do not name has none', () => {
    expect(termShare(k, 'user', false)).toBe(0.4);
    expect(termShare(k, 'request', false)).toBe(0.6);
    expect(termShare(k, 'users', false)).toBe(0);
    expect(termShare(k, '数据', false)).toBe(0.15);
  });

  it('a prefix has the largest share of one word it starts (pages hold at least that word), not their sum', () => {
    expect(termShare(k, 'req', true)).toBe(0.6);
    expect(termShare(k, 'requests', true)).toBe(0.2);
    expect(termShare(k, 'request+', true)).toBe(0.3);
    expect(termShare(k, 'rez', true)).toBe(0);
    expect(termShare(k, 'zzz', true)).toBe(0);
    expect(termShare(stats({}), 'a', true)).toBe(0);
  });
});

describe('planForShare', () => {
  it('walks from WALK_FROM; asks the index for a word the statistics do not name when few pages can hold it; else plans', () => {
    expect(planForShare(WALK_FROM, 10, 'request', true)).toBe('walk');
    expect(planForShare(0.9, Infinity, 'request', true)).toBe('walk');
    expect(planForShare(WALK_FROM / 2, 10, 'request', true)).toBe(undefined);
    expect(planForShare(0, RARE_PAGES, 'zzyzx', true)).toBe('index');
    expect(planForShare(0, 10, '网', false)).toBe('index');
    // a big table whose statistics stop at common words says little of the others
    expect(planForShare(0, RARE_PAGES + 1, 'zzyzx', true)).toBe(undefined);
    // no statistics at all
    expect(planForShare(0, Infinity, 'zzyzx', true)).toBe(undefined);
    // a short prefix may start many rare words
    expect(planForShare(0, 10, 'zq', true)).toBe(undefined);
    expect(planForShare(0, 10, '数据', true)).toBe(undefined);
  });
});
