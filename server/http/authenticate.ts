// Who is calling: a token from X-API-Token, Authorization: Bearer, the user_token parameter,
// or the HttpOnly cookie. Cookie-only requests must come from our own origin (CSRF).
import type Koa from 'koa';
import type { AppDeps } from '../deps';
import type { SessionUser } from './action';
import { sessionFromToken } from '../auth/session';
import type { Params } from './params';

export const TOKEN_COOKIE = 'cookie_token';

export interface Caller {
  user: SessionUser | null;
  token: string | null;
  /** the token came from the cookie only */
  viaCookie: boolean;
}

export function extractToken(ctx: Koa.Context, params: Params): { token: string | null; viaCookie: boolean } {
  const header = ctx.get('x-api-token');
  if (header) return { token: header.trim(), viaCookie: false };
  const auth = ctx.get('authorization');
  const m = /^Bearer\s+(.+)$/i.exec(auth);
  if (m) return { token: m[1].trim(), viaCookie: false };
  const p = params.get('user_token');
  if (typeof p === 'string' && p) return { token: p.trim(), viaCookie: false };
  const c = ctx.cookies.get(TOKEN_COOKIE);
  if (c) return { token: c, viaCookie: true };
  return { token: null, viaCookie: false };
}

export async function resolveCaller(deps: AppDeps, ctx: Koa.Context, params: Params): Promise<Caller> {
  const { token, viaCookie } = extractToken(ctx, params);
  if (!token) return { user: null, token: null, viaCookie: false };
  return { user: await sessionFromToken(deps, token), token, viaCookie };
}

/** The origin (scheme://host[:port]) of a header value, or null when it is absent or unreadable. */
function originHost(value: string): string | null {
  try {
    return new URL(value).host;
  } catch {
    return null;
  }
}

/**
 * The hosts our own pages are served from: the request's Host (X-Forwarded-Host behind a trusted
 * proxy) and PUBLIC_URL's host. A browser never lets another site choose the Host it sends.
 */
function ownHosts(ctx: Koa.Context, publicUrl: string): string[] {
  const hosts = [ctx.host];
  if (publicUrl) {
    const h = originHost(publicUrl);
    if (h) hosts.push(h);
  }
  return hosts;
}

/**
 * Whether the browser proved that one of our own pages sent this request. Only positive proof
 * counts: browsers omit Sec-Fetch-* on plain-HTTP hosts that are not localhost, and Origin on GET,
 * so a missing header means "unknown", never "same site" (DESIGN §8). Chromium and Firefox send
 * Origin on every POST; Referer is the fallback for browsers that do not.
 */
export function provenSameOrigin(ctx: Koa.Context, publicUrl: string): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site && site !== 'same-origin') return false;
  const hosts = ownHosts(ctx, publicUrl);
  const origin = ctx.get('origin');
  if (origin) return origin !== 'null' && hosts.includes(originHost(origin) ?? '');
  const referer = ctx.get('referer');
  if (referer) return hosts.includes(originHost(referer) ?? '');
  return false;
}

/** Whether a request shows signs of being sent by another site (Sec-Fetch-Site, or a foreign Origin). */
export function isForeign(ctx: Koa.Context, publicUrl: string): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = ctx.get('origin');
  if (!origin) return false;
  return origin === 'null' || !ownHosts(ctx, publicUrl).includes(originHost(origin) ?? '');
}

/**
 * May our session cookie act for the user on this request (CSRF, security.md §1.4)?
 * - Actions that serve a file a page loads or a link opens (`browserGet`) accept it on GET/HEAD
 *   unless the browser says another site sent it; they only read (and count the download).
 * - Every other action accepts it only on POST proven to come from our own pages (Origin or
 *   Referer). A stored `<img src="/api/...">` or a link on another site is a GET, or a POST from
 *   elsewhere, and acts as an anonymous visitor.
 * Requests carrying a token (user_token, Authorization, X-API-Token) are not affected: a browser
 * never adds those by itself.
 */
export function cookieMayAct(ctx: Koa.Context, browserGet: boolean, publicUrl: string): boolean {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return browserGet && !isForeign(ctx, publicUrl);
  return ctx.method === 'POST' && provenSameOrigin(ctx, publicUrl);
}

export function setTokenCookie(ctx: Koa.Context, token: string, maxAgeSeconds: number): void {
  ctx.cookies.set(TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: maxAgeSeconds * 1000,
    secure: ctx.secure,
    overwrite: true,
  });
}

export function clearTokenCookie(ctx: Koa.Context): void {
  ctx.cookies.set(TOKEN_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0, overwrite: true });
}
