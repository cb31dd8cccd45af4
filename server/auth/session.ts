// Token → user, with the short-lived session cache. Used by HTTP requests and socket handshakes.
import type { AppDeps } from '../deps';
import type { SessionUser } from '../http/action';
import { hashToken, lookupToken } from './tokens';

export async function sessionFromToken(deps: AppDeps, token: string | null | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const now = deps.now();
  const h = hashToken(token);
  const cached = deps.sessions.get(h, now);
  if (cached) return cached;
  const found = await lookupToken(deps.db, token, now);
  if (!found) return null;
  deps.sessions.set(h, found.user, found.expiresAt);
  return found.user;
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
