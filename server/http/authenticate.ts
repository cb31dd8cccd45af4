// Who is calling: a token from X-API-Token, Authorization: Bearer, the user_token parameter,
// or the HttpOnly cookie. Cookie-only requests must come from our own origin (CSRF).
//
// A URL is a poor place for a secret: it reaches proxy and server logs, browser history and
// Referer headers (security finding F10). So user_token is read from the URL — the query string,
// ShowDoc's /key/value path segments or ?s=… — only by actions that serve a download opened by
// navigation (ActionDef.browserGet: attachment/visitFile; export downloads when they come).
// ShowDoc's clients put user_token in a URL only there: its web client's export links
// (`…/api/export/word&item_id=…&user_token=…`, `…/api/export/markdown&…&user_token=…`, opened with
// window.location) — every other call of the web client, showdoc_api.sh and the open API sends
// user_token / api_key / api_token in the POST body. The same actions accept a download ticket
// (auth/downloadTickets.ts) instead of a token; elsewhere a URL credential is refused with 10102.
import type Koa from 'koa';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import { sessionOfToken } from '../auth/session';
import { DOWNLOAD_TICKET_PARAM, redeemDownloadTicket } from '../auth/downloadTickets';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import type { Params } from './params';

export { TOKEN_COOKIE } from '../auth/sessionCookie';
import { TOKEN_COOKIE } from '../auth/sessionCookie';

export interface Caller {
  user: SessionUser | null;
  token: string | null;
  /** the token came from the cookie only */
  viaCookie: boolean;
}

export interface CredentialRules {
  /** the action serves a download opened by navigation (ActionDef.browserGet): the URL may carry user_token or a download ticket */
  urlCredentials: boolean;
}

export type Credential =
  | { kind: 'none' }
  | { kind: 'token'; token: string; viaCookie: boolean }
  | { kind: 'ticket'; ticket: string };

const bodyValue = (ctx: Koa.Context, name: string): unknown => {
  const body = ctx.request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
};

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The value of a parameter when it came from the URL (path segments or query), not the body. */
function urlValue(ctx: Koa.Context, params: Params, name: string): string | null {
  const v = params.get(name);
  return nonEmpty(v) && v !== bodyValue(ctx, name) ? v.trim() : null;
}

const urlCredentialRefused = () =>
  new ApiError(ErrorCode.NOT_LOGGED_IN, 'A login token in the URL only opens downloads; send user_token in the request body or an X-API-Token header');

/** Header, then body, then (downloads only) the URL, then the cookie. */
export function extractCredential(ctx: Koa.Context, params: Params, rules: CredentialRules): Credential {
  const header = ctx.get('x-api-token');
  if (header) return { kind: 'token', token: header.trim(), viaCookie: false };
  const m = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'));
  if (m) return { kind: 'token', token: m[1].trim(), viaCookie: false };
  const body = bodyValue(ctx, 'user_token');
  if (nonEmpty(body)) return { kind: 'token', token: body.trim(), viaCookie: false };
  const urlToken = urlValue(ctx, params, 'user_token');
  const ticket = urlValue(ctx, params, DOWNLOAD_TICKET_PARAM);
  if ((urlToken || ticket) && !rules.urlCredentials) throw urlCredentialRefused();
  if (urlToken) return { kind: 'token', token: urlToken, viaCookie: false };
  if (ticket) return { kind: 'ticket', ticket };
  const c = ctx.cookies.get(TOKEN_COOKIE);
  if (c) return { kind: 'token', token: c, viaCookie: true };
  return { kind: 'none' };
}

/**
 * dispatch.ts passes `{ urlCredentials: !!def.browserGet }`. A cookie whose token slid to a new
 * expiry is sent again with the new lifetime.
 */
export async function resolveCaller(deps: AppDeps, ctx: Koa.Context, params: Params, rules: CredentialRules = { urlCredentials: false }): Promise<Caller> {
  const cred = extractCredential(ctx, params, rules);
  if (cred.kind === 'none') return { user: null, token: null, viaCookie: false };
  if (cred.kind === 'ticket') {
    const session = await redeemDownloadTicket(deps, cred.ticket);
    return { user: session?.user ?? null, token: null, viaCookie: false };
  }
  const session = await sessionOfToken(deps, cred.token);
  if (session?.renewedFor && cred.viaCookie) setTokenCookie(ctx, cred.token, session.renewedFor);
  return { user: session?.user ?? null, token: cred.token, viaCookie: cred.viaCookie };
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
