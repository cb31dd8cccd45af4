import { describe, expect, it } from 'vitest';
import { termShare } from './planChoice';

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
