import { describe, expect, it } from 'vitest';
import { itemPasswordUrl, loginUrl, routeError } from './errorRouting';
import { safeRedirect, sameSitePath } from './redirect';

describe('routeError (spec §8)', () => {
  const ctx = { current: '/item/index', redirectLogin: true };

  it('10102 → login with the current location as redirect', () => {
    expect(routeError(10102, 'x', ctx)).toEqual({ kind: 'login', to: '/user/login?redirect=%2Fitem%2Findex' });
  });

  it('10102 with redirect_login=false → the message is shown instead', () => {
    expect(routeError(10102, 'not logged in', { ...ctx, redirectLogin: false })).toEqual({ kind: 'alert', message: 'not logged in' });
  });

  it('10307 and 10303 on item/page reads → item password screen with page_id and redirect', () => {
    const read = { current: '/42?page_id=7', redirectLogin: true, itemPassword: { itemId: 42, pageId: 7 } };
    expect(routeError(10307, '', read)).toEqual({ kind: 'itemPassword', to: '/item/password/42?page_id=7&redirect=%2F42%3Fpage_id%3D7' });
    expect(routeError(10303, '', read).kind).toBe('itemPassword');
  });

  it('a page view without an item names only the page, never an item 0', () => {
    expect(itemPasswordUrl({ itemId: 0, pageId: 9 }, '/page/9')).toBe('/item/password?page_id=9&redirect=%2Fpage%2F9');
    expect(itemPasswordUrl({ itemId: null }, '/x')).toBe('/item/password?redirect=%2Fx');
  });

  it('10303 outside a read (a management call) is an alert', () => {
    expect(routeError(10303, 'only the creator', ctx)).toEqual({ kind: 'alert', message: 'only the creator' });
  });

  it('codes the caller expects go back to the caller; "all" still lets 10102 redirect', () => {
    expect(routeError(10206, 'code', { ...ctx, expect: [10206] })).toEqual({ kind: 'caller' });
    expect(routeError(10204, 'bad', { ...ctx, expect: 'all' })).toEqual({ kind: 'caller' });
    expect(routeError(10102, '', { ...ctx, expect: 'all' }).kind).toBe('login');
    expect(routeError(10102, '', { ...ctx, expect: 'all', redirectLogin: false })).toEqual({ kind: 'caller' });
  });

  it('never chains the login or password screen into its own redirect', () => {
    expect(loginUrl('/user/login?redirect=%2Fx')).toBe('/user/login');
    expect(loginUrl('/item/password/3?redirect=%2F3')).toBe('/user/login');
    expect(itemPasswordUrl({ itemId: 3 }, '/item/password/3')).toBe('/item/password/3');
    expect(itemPasswordUrl({ itemId: 0, pageId: 9 }, '/item/password?page_id=9')).toBe('/item/password?page_id=9');
    expect(loginUrl('/item/password?page_id=9')).toBe('/user/login');
  });
});

describe('redirect targets (security.md §1.6)', () => {
  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/\tevil', '', 'evil', '/..//evil.example'])(
    'refuses %j',
    (t) => {
      expect(sameSitePath(t)).toBeNull();
      expect(safeRedirect(t)).toBe('/item/index');
    },
  );

  it('keeps same-site paths with query and hash', () => {
    expect(sameSitePath('/42?page_id=7#intro')).toBe('/42?page_id=7#intro');
    expect(safeRedirect('/page/3', '/x')).toBe('/page/3');
    expect(safeRedirect(null, '/x')).toBe('/x');
  });
});
