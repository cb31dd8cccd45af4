// The realtime gateway on the API's HTTP server: Socket.IO at /socket.io and the y-websocket
// endpoint at /collab/<doc>. With REDIS_URL, Socket.IO rooms, domain events and Yjs updates
// reach every process; without it, everything works inside the one process.
import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { AppDeps } from '../deps';
import { CollabServer } from './collab/server';
import { Gateway } from './gateway';
import { createRedisPair, neverRejectingPublish, type RedisPair } from './redis';
import { bridgeEvents } from './eventBridge';
import { redisFanout } from './collab/fanout';

export interface Realtime {
  gateway: Gateway;
  collab: CollabServer;
  close(): Promise<void>;
}

export function attachRealtime(server: http.Server, deps: AppDeps, opts: { redisUrl?: string | null } = {}): Realtime {
  const collab = new CollabServer(deps);
  server.on('upgrade', (req, socket, head) => {
    // Socket.IO handles its own path; everything else that is not ours is refused
    if (req.url?.startsWith('/socket.io')) return;
    if (!collab.handleUpgrade(req, socket, head)) socket.destroy();
  });
  const gateway = new Gateway(server, deps, collab);

  const redisUrl = opts.redisUrl ?? deps.config.redisUrl;
  const cleanups: (() => void | Promise<void>)[] = [];
  if (redisUrl) {
    const adapterPair: RedisPair = createRedisPair(redisUrl, deps.log, 'quire-io');
    gateway.io.adapter(createAdapter(neverRejectingPublish(adapterPair.pub), adapterPair.sub, { requestsTimeout: 2000 }));
    const busPair = createRedisPair(redisUrl, deps.log, 'quire-bus');
    cleanups.push(bridgeEvents(deps.events, busPair.pub, busPair.sub, deps.log));
    const fan = redisFanout(collab, busPair.pub, busPair.sub, deps.log);
    collab.fanout = fan.fanout;
    cleanups.push(fan.stop, adapterPair.close, busPair.close);
  }

  return {
    gateway,
    collab,
    close: async () => {
      await collab.close();
      await gateway.close().catch(() => {});
      for (const c of cleanups.reverse()) await c();
    },
  };
}
