// Token → user, with the short-lived session cache. Used by HTTP requests and socket handshakes.
// Tokens slide: a use moves the expiry to now + the lifetime setting, written at most once an
// hour per token so the hot path (a cache miss every few seconds) rarely writes; that write also
// records the user's last login.
import type { AppDeps } from '../deps';
import type { SessionUser } from './sessionUser';
import { hashToken, isTokenShaped, lookupTokenHash, renewToken } from './tokens';
import { setLastLogin } from '../db/repos/users';

export const RENEW_AFTER_SECONDS = 3600;

/** The site's token lifetime in days (admin setting, default TOKEN_TTL_DAYS). */
export async function tokenLifetimeDays(deps: AppDeps): Promise<number> {
  return (await deps.settings.get()).session_expire_days;
}

export async function tokenLifetimeSeconds(deps: AppDeps): Promise<number> {
  return (await tokenLifetimeDays(deps)) * 86400;
}

export interface Session {
  user: SessionUser;
  /** set when this use slid the expiry: the new lifetime in seconds (a cookie should follow) */
  renewedFor?: number;
}

export async function sessionOfHash(deps: AppDeps, tokenHash: string): Promise<Session | null> {
  const now = deps.now();
  const cached = deps.sessions.get(tokenHash, now);
  if (cached) return { user: cached };
  const ttl = await tokenLifetimeSeconds(deps);
  const found = await lookupTokenHash(deps.db, tokenHash, now, ttl);
  if (!found) return null;
  if (now - found.lastUsedAt >= RENEW_AFTER_SECONDS && (await renewToken(deps.db, tokenHash, now, ttl, now - RENEW_AFTER_SECONDS))) {
    // coming back with a remembered session counts as a login (ShowDoc sets the time when a token restores one)
    await setLastLogin(deps.db, found.user.uid, now);
    deps.sessions.set(tokenHash, found.user, now + ttl);
    return { user: found.user, renewedFor: ttl };
  }
  deps.sessions.set(tokenHash, found.user, found.expiresAt);
  return { user: found.user };
}

/**
 * Recent tokens' hashes: a client sends the same token with every call, and hashing it was a fortieth
 * of a cached page/info's time. A hash never changes, so nothing invalidates it; the map is emptied
 * when full, so random tokens cannot grow it.
 */
const recentHashes = new Map<string, string>();
const RECENT_HASHES_MAX = 10_000;

function tokenHashOf(token: string): string {
  let found = recentHashes.get(token);
  if (found === undefined) {
    if (recentHashes.size >= RECENT_HASHES_MAX) recentHashes.clear();
    found = hashToken(token);
    recentHashes.set(token, found);
  }
  return found;
}

export async function sessionOfToken(deps: AppDeps, token: string | null | undefined): Promise<Session | null> {
  if (!token || !isTokenShaped(token)) return null;
  return sessionOfHash(deps, tokenHashOf(token));
}

export async function sessionFromToken(deps: AppDeps, token: string | null | undefined): Promise<SessionUser | null> {
  return (await sessionOfToken(deps, token))?.user ?? null;
}

/** Reads one cookie from a raw Cookie header (sockets have no Koa context). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return part.slice(i + 1).trim();
      }
    }
  }
  return undefined;
}
