// Carries the domain events every process must act on (revoked tokens, changed access,
// settings, locks, job progress and notices from workers) to the other processes over Redis.
// Other events that only need to reach browsers are sent through Socket.IO's Redis adapter.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { markRemote, isRemote, type EventBus, type DomainEvents } from '../events';
import type { Logger } from '../logger';

const CHANNEL = 'quire:events';
export const BRIDGED: (keyof DomainEvents)[] = [
  'user.tokensRevoked',
  'user.updated',
  'settings.changed',
  'item.accessChanged',
  'page.lockChanged',
  'reads.stale',
  // from `npm run workers` (no Socket.IO there): each API process pushes them to its own sockets
  'job.progress',
  'notice.created',
  'notice.read',
  'announcement.created',
  // a cancel reaches the worker running the job
  'job.cancelRequested',
  // a worker wrote into a co-editing document: live copies load it
  'collab.stored',
];


export function bridgeEvents(bus: EventBus, pub: Redis, sub: Redis, log: Logger): () => void {
  const node = randomBytes(6).toString('hex');
  // whether events can travel both ways; caches bypass themselves while they cannot
  let up = true;
  const follow = () => {
    const now = pub.status === 'ready' && sub.status === 'ready';
    if (now === up) return;
    up = now;
    bus.emit('bridge.state', { up });
  };
  const states = ['ready', 'error', 'close', 'end', 'reconnecting'] as const;
  for (const c of [pub, sub]) for (const s of states) c.on(s, follow);
  follow();
  const offs = BRIDGED.map((name) =>
    bus.on(name, (payload) => {
      if (isRemote(payload)) return;
      pub.publish(CHANNEL, JSON.stringify({ node, name, payload })).catch((err) => log.debug('event not bridged', { name, err: err.message }));
    }),
  );
  const onMessage = (channel: string, raw: string) => {
    if (channel !== CHANNEL) return;
    try {
      const m = JSON.parse(raw) as { node: string; name: keyof DomainEvents; payload: object };
      if (m.node === node || !BRIDGED.includes(m.name)) return;
      bus.emit(m.name, markRemote(m.payload) as never);
    } catch (err) {
      log.warn('bad bridged event', { err });
    }
  };
  sub.subscribe(CHANNEL).catch((err) => log.warn('event bridge subscribe failed', { err: err.message }));
  sub.on('message', onMessage);
  return () => {
    for (const c of [pub, sub]) for (const s of states) c.off(s, follow);
    offs.forEach((off) => off());
    sub.off('message', onMessage);
  };
}
