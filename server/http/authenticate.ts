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

/**
 * A browser sends Sec-Fetch-Site (and Origin on POST). When the only credential is our cookie,
 * refuse requests another site triggered; requests without these headers are not from a browser.
 */
export function isCrossSite(ctx: Koa.Context): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = ctx.get('origin');
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).host !== ctx.host;
    } catch {
      return true;
    }
  }
  return origin === 'null';
}

/**
 * A request the browser made to load an image, a frame, a script… or to follow a link — not a
 * fetch() of our client (Sec-Fetch-Dest "empty"). Such requests can be triggered by stored content.
 */
export function isBrowserLoad(ctx: Koa.Context): boolean {
  const dest = ctx.get('sec-fetch-dest');
  return !!dest && dest !== 'empty';
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
