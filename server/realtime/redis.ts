// Redis connections for the realtime gateway. Publishing fails fast during an outage (no
// unbounded offline queue) and never rejects: the Socket.IO Redis adapter publishes without a
// catch, and one rejected publish killed the process. Subscribers wait for Redis however long it
// is away (a process may start without it) and resubscribe when it returns.
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { watchRedis } from '../health/state';

export interface RedisPair {
  pub: Redis;
  sub: Redis;
  close(): Promise<void>;
}

/**
 * For the Socket.IO adapter, which publishes without a catch: a publish that fails during an
 * outage resolves 0 (nobody received it) instead of rejecting unhandled and killing the process.
 * What browsers miss meanwhile they reload when their socket reconnects.
 */
export function neverRejectingPublish(client: Redis): Redis {
  const publish = client.publish.bind(client) as (channel: string, message: string) => Promise<number>;
  (client as unknown as { publish: typeof publish }).publish = (channel, message) => publish(channel, message).catch(() => 0);
  return client;
}

export function createRedisPair(url: string, log: Logger, name: string): RedisPair {
  const common = {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(2000, 100 * times),
  };
  const pub = new Redis(url, { ...common, enableOfflineQueue: false, connectionName: `${name}-pub` });
  const sub = new Redis(url, { ...common, maxRetriesPerRequest: null, connectionName: `${name}-sub` });
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
