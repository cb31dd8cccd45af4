// Socket.IO handshake: the same token or cookie as HTTP; anonymous readers are allowed
// (they may only join rooms of items they could read over HTTP).
import type { Socket } from 'socket.io';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import { cookieValue, sessionFromToken } from '../auth/session';
import { TOKEN_COOKIE } from '../auth/sessionCookie';
import { GRANT_COOKIE } from '../policies/itemPassword';
import { avatarColor } from './identity';
import { SOCKET_LIMITS } from './limits';

export interface SocketData {
  user: SessionUser | null;
  name: string;
  color: string;
  grantCookie?: string;
  /** room → joined at (unix ms) and mode */
  joined: Record<string, { since: number; mode: "read" | "edit" }>;
}

export function socketAuth(deps: AppDeps, socketsPerUser: Map<number, number>) {
  return async (socket: Socket, next: (err?: Error) => void) => {
    try {
      const hs = socket.handshake;
      // the token travels in the handshake's auth payload or the cookie, never in the URL (F10)
      const token = (typeof hs.auth?.token === 'string' && hs.auth.token) || cookieValue(hs.headers.cookie, TOKEN_COOKIE);
      const user = await sessionFromToken(deps, token || null);
      if (token && !user) return next(new Error('invalid or expired token'));
      if (user) {
        const n = socketsPerUser.get(user.uid) ?? 0;
        if (n >= SOCKET_LIMITS.maxSocketsPerUser) return next(new Error('too many connections for this user'));
      }
      const data: SocketData = {
        user,
        name: user ? user.name || user.username : '',
        color: avatarColor(user?.uid ?? 0),
        grantCookie: cookieValue(hs.headers.cookie, GRANT_COOKIE),
        joined: {},
      };
      socket.data = data;
      next();
    } catch (err) {
      deps.log.warn('socket handshake failed', { err: (err as Error).message });
      next(new Error('server error'));
    }
  };
}
