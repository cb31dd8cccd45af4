// Redis connections for the realtime gateway. Publishing fails fast during an outage
// (no unbounded offline queue); subscribers reconnect by themselves.
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { watchRedis } from '../health/state';

export interface RedisPair {
  pub: Redis;
  sub: Redis;
  close(): Promise<void>;
}

export function createRedisPair(url: string, log: Logger, name: string): RedisPair {
  const common = {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(2000, 100 * times),
  };
  const pub = new Redis(url, { ...common, enableOfflineQueue: false, connectionName: `${name}-pub` });
  const sub = new Redis(url, { ...common, connectionName: `${name}-sub` });
  watchRedis(pub, `${name}-pub`);
  watchRedis(sub, `${name}-sub`);
  let down = false;
  for (const c of [pub, sub]) {
    c.on('error', (err) => {
      if (!down) log.warn('redis unavailable; realtime continues on this process only', { err: err.message });
      down = true;
    });
    c.on('ready', () => {
      if (down) log.info('redis is back');
      down = false;
    });
  }
  return {
    pub,
    sub,
    close: async () => {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
