// Per-user and per-IP request limits on the endpoints anyone can call in a loop: item/search,
// the public mock URLs and the MCP endpoint. With Redis (several processes) the counts live there, so every process
// sees the same allowance; while Redis is away, and without it, each process counts in its own
// memory (no database write on a hot path). Logins, registration, captchas, password checks,
// uploads and the open API keep their shared counters in the database (auth/throttle.ts).
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { watchRedis } from '../health/state';
import type { Logger } from '../logger';
import { tooManyRequests } from '../errors';

export type LimitedKind = 'search' | 'mock' | 'mcp';

/** how many times the per-user allowance one address gets (several people behind one NAT) */
const IP_FACTOR = 4;

export class RequestLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly redis: Redis | null = null;

  /**
   * @param perMinute 0 turns the limits off (benchmarks)
   * @param shared Redis to count in (connected now: until it is ready, this process counts alone)
   */
  constructor(
    private readonly perMinute: number,
    shared: { redisUrl: string; log: Logger } | null = null,
  ) {
    if (shared && perMinute > 0) this.redis = connect(shared.redisUrl, shared.log);
  }

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

  close(): void {
    this.redis?.disconnect();
  }

  private limiter(kind: LimitedKind, subject: 'user' | 'ip', points: number): RateLimiterAbstract {
    const name = `${kind}:${subject}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const inMemory = new RateLimiterMemory({ keyPrefix: name, points, duration: 60 });
      limiter = this.redis
        ? new RateLimiterRedis({
            storeClient: this.redis,
            keyPrefix: `quire:limit:${name}`,
            points,
            duration: 60,
            // Redis away: count here at once rather than wait for it
            rejectIfRedisNotReady: true,
            insuranceLimiter: inMemory,
          })
        : inMemory;
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

function connect(redisUrl: string, log: Logger): Redis {
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy: (times) => Math.min(2000, 100 * times), connectionName: 'quire-limits' });
  watchRedis(redis, 'quire-limits');
  let down = false;
  redis.on('error', (err) => {
    if (!down) log.warn('redis unavailable; request limits count per process', { err: err.message });
    down = true;
  });
  redis.on('ready', () => (down = false));
  return redis;
}
