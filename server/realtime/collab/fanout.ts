// Yjs updates fanned out between processes over Redis. Updates are already stored when they
// are published, so a message lost during a Redis outage is recovered from the database when
// Redis returns (catchUp) — Yjs updates are idempotent and commutative.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger';
import type { CollabServer, Fanout } from './server';

const CHANNEL = 'quire:collab';

export function redisFanout(collab: CollabServer, pub: Redis, sub: Redis, log: Logger): { fanout: Fanout; stop(): void } {
  const node = randomBytes(6).toString('hex');
  const send = (doc: string, kind: 'u' | 'a', parts: Uint8Array[]) => {
    const msg = JSON.stringify({ node, doc, kind, parts: parts.map((p) => Buffer.from(p).toString('base64')) });
    pub.publish(CHANNEL, msg).catch((err) => log.debug('collab update not fanned out (recovered on reconnect)', { doc, err: err.message }));
  };
  const onMessage = (channel: string, raw: string) => {
    if (channel !== CHANNEL) return;
    try {
      const m = JSON.parse(raw) as { node: string; doc: string; kind: 'u' | 'a'; parts: string[] };
      if (m.node === node || !collab.loaded(m.doc)) return;
      const parts = m.parts.map((p) => new Uint8Array(Buffer.from(p, 'base64')));
      if (m.kind === 'u') collab.applyRemote(m.doc, parts);
      else for (const p of parts) collab.applyRemoteAwareness(m.doc, p);
    } catch (err) {
      log.warn('bad collab fan-out message', { err: (err as Error).message });
    }
  };
  let wasDown = false;
  const onError = () => (wasDown = true);
  const onReady = () => {
    if (!wasDown) return;
    wasDown = false;
    void collab.catchUp();
  };
  sub.subscribe(CHANNEL).catch((err) => log.warn('collab fan-out subscribe failed', { err: err.message }));
  sub.on('message', onMessage);
  sub.on('error', onError);
  sub.on('ready', onReady);
  return {
    fanout: { publish: (doc, updates) => send(doc, 'u', updates), publishAwareness: (doc, u) => send(doc, 'a', [u]) },
    stop: () => {
      sub.off('message', onMessage);
      sub.off('error', onError);
      sub.off('ready', onReady);
    },
  };
}
