// What the client does with a non-zero error_code (spec §8), as a pure decision so it can be tested:
// 10102 → login (unless redirect_login=false), 10303/10307 on item/page reads → item password
// screen, codes the caller handles itself (captcha…) → back to the caller, anything else → alert.
import { ErrorCode, NEED_ITEM_PASSWORD_CODES } from '@shared/errors';

export interface ItemPasswordTarget {
  itemId?: string | number | null;
  pageId?: string | number | null;
}

export interface ErrorContext {
  /** the current in-app location (path + query), used as the redirect back */
  current: string;
  /** false when the request carried redirect_login=false */
  redirectLogin: boolean;
  /** set on item/page reads: 10303/10307 send the reader to the item password screen */
  itemPassword?: ItemPasswordTarget;
  /** codes the calling screen handles itself (no alert, no navigation); 'all': every code but 10102 */
  expect?: readonly number[] | 'all';
}

export type ErrorRoute =
  | { kind: 'login'; to: string }
  | { kind: 'itemPassword'; to: string }
  | { kind: 'caller' }
  | { kind: 'alert'; message: string };

/** Screens that must never be the target of a redirect back (they would loop). */
function isAuthScreen(current: string): boolean {
  const path = current.split(/[?#]/)[0].toLowerCase();
  return path === '/user/login' || path === '/user/register' || path === '/item/password' || path.startsWith('/item/password/');
}

export function loginUrl(current: string): string {
  // never chain a login screen into its own redirect
  if (isAuthScreen(current)) return '/user/login';
  return `/user/login?redirect=${encodeURIComponent(current)}`;
}

/**
 * The password screen for the item read. A page read alone (/page/<id>) does not know its item, and
 * the server does not say which before the password is given (nor does ShowDoc): the address then
 * names only the page (/item/password?page_id=…), never a made-up item 0; item/pwd finds the item.
 */
export function itemPasswordUrl(target: ItemPasswordTarget, current: string): string {
  const known = target.itemId !== undefined && target.itemId !== null && target.itemId !== '' && String(target.itemId) !== '0';
  const q = new URLSearchParams();
  if (target.pageId !== undefined && target.pageId !== null && target.pageId !== '' && String(target.pageId) !== '0') {
    q.set('page_id', String(target.pageId));
  }
  if (!isAuthScreen(current)) q.set('redirect', current);
  const qs = q.toString();
  return `/item/password${known ? `/${encodeURIComponent(String(target.itemId))}` : ''}${qs ? '?' + qs : ''}`;
}

export function routeError(code: number, message: string | undefined, ctx: ErrorContext): ErrorRoute {
  if (ctx.expect === 'all' ? code !== ErrorCode.NOT_LOGGED_IN || !ctx.redirectLogin : ctx.expect?.includes(code)) return { kind: 'caller' };
  if (code === ErrorCode.NOT_LOGGED_IN && ctx.redirectLogin) return { kind: 'login', to: loginUrl(ctx.current) };
  if (NEED_ITEM_PASSWORD_CODES.includes(code) && ctx.itemPassword) {
    return { kind: 'itemPassword', to: itemPasswordUrl(ctx.itemPassword, ctx.current) };
  }
  return { kind: 'alert', message: message || '' };
}
