// Caches token → user for a few seconds so hot read endpoints skip a query per request.
// Revocation and user changes drop entries at once (events; bridged between nodes by Redis).
import { LRUCache } from 'lru-cache';
import type { SessionUser } from './sessionUser';
import type { EventBus } from '../events';

interface Entry {
  user: SessionUser;
  expiresAt: number;
}

export class SessionCache {
  private readonly cache = new LRUCache<string, Entry>({ max: 20_000, ttl: 10_000 });

  constructor(events: EventBus) {
    const dropUser = ({ uid }: { uid: number }) => {
      for (const [k, v] of this.cache.entries()) if (v.user.uid === uid) this.cache.delete(k);
    };
    events.on('user.tokensRevoked', dropUser);
    events.on('user.updated', dropUser);
    // a token revoked on another process cannot be heard of while Redis is away: ask the database
    events.on('bridge.state', ({ up }) => {
      this.bypass = !up;
      this.cache.clear();
    });
  }

  private bypass = false;

  get(tokenHash: string, now: number): SessionUser | null {
    if (this.bypass) return null;
    const e = this.cache.get(tokenHash);
    if (!e) return null;
    if (e.expiresAt <= now) {
      this.cache.delete(tokenHash);
      return null;
    }
    return e.user;
  }

  set(tokenHash: string, user: SessionUser, expiresAt: number): void {
    if (this.bypass) return;
    this.cache.set(tokenHash, { user, expiresAt });
  }

  delete(tokenHash: string): void {
    this.cache.delete(tokenHash);
  }

  clear(): void {
    this.cache.clear();
  }
}
