// Per-user and per-IP request limits on the endpoints anyone can call in a loop: item/search and
// the public mock URLs. Counted in this process's memory (no database write or Redis round trip on
// a hot path): with several API processes a client may make up to that many times the limit.
// Logins, registration, captchas, password checks, uploads and the open API keep their shared
// counters in the database (auth/throttle.ts).
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './apiError';

export type LimitedKind = 'search' | 'mock';

/** how many times the per-user allowance one address gets (several people behind one NAT) */
const IP_FACTOR = 4;

export class RequestLimits {
  private readonly limiters = new Map<string, RateLimiterMemory>();

  /** perMinute 0 turns the limits off (benchmarks) */
  constructor(private readonly perMinute: number) {}

  /**
   * Counts one request of this kind for the user (when logged in) and for the address;
   * over either allowance → 10429 with the wait in seconds (HTTP status `status`).
   */
  async take(kind: LimitedKind, who: { uid?: number | null; ip: string }, status = 200): Promise<void> {
    if (this.perMinute === 0) return;
    try {
      if (who.uid) await this.limiter(kind, 'user', this.perMinute).consume(String(who.uid));
      await this.limiter(kind, 'ip', this.perMinute * IP_FACTOR).consume(who.ip);
    } catch (res) {
      if (!(res instanceof RateLimiterRes)) throw res;
      throw tooManyRequests(res.msBeforeNext / 1000, status);
    }
  }

  private limiter(kind: LimitedKind, subject: 'user' | 'ip', points: number): RateLimiterMemory {
    const name = `${kind}:${subject}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: 60 });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
