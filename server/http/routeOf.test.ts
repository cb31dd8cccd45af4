import type Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { routeOf } from './dispatch';

const at = (path: string) => routeOf({ path, query: {} } as unknown as Koa.Context);

describe('routes of /api paths', () => {
  it('are parsed once per path and shared, frozen, so no request can change another one’s', () => {
    const first = at('/api/page/info/page_id/7');
    expect(first).toEqual({ kind: 'api', route: { controller: 'page', action: 'info', pathParams: { page_id: '7' } } });
    expect(at('/api/page/info/page_id/7')).toBe(first);
    if (first?.kind !== 'api') throw new Error('not an api route');
    expect(() => {
      (first.route.pathParams as Record<string, string>).page_id = '8';
    }).toThrow(TypeError);
    expect(() => {
      (first.route as { action: string }).action = 'delete';
    }).toThrow(TypeError);
    expect(at('/api/page/info/page_id/7')).toEqual({ kind: 'api', route: { controller: 'page', action: 'info', pathParams: { page_id: '7' } } });
  });

  it('forgets them all once 2,000 paths are remembered, and parses them again the same', () => {
    const first = at('/api/item/info');
    for (let i = 0; i < 2_000; i++) at(`/api/item/info/n/${i}`);
    const again = at('/api/item/info');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(at('/api/x')).toEqual({ kind: 'invalid' });
  });
});
