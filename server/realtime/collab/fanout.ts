// Yjs updates fanned out between processes over Redis. Updates are already stored when they are
// published, so whatever a Redis outage loses is in the database: a receiver reloads a document
// from storage (updates are idempotent and commutative) when
// - its subscription comes back (every live document, at once and again shortly after, since
//   other processes' publishers may reconnect later than our subscriber);
// - a sender whose publishes failed is connected again: it names the documents it could not fan
//   out, and the others reload those;
// - an update cannot be applied because one before it was lost (sharedDoc.ts: missing).
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger';
import type { CollabServer, Fanout } from './server';

const CHANNEL = 'quire:collab';
/** a second catch-up after the subscription returned: other publishers reconnect within ~2 s */
const SECOND_CATCH_UP_MS = 3000;

type Message = { node: string; doc: string; kind: 'u' | 'a'; parts: string[] } | { node: string; kind: 'r'; docs: string[] };

export function redisFanout(collab: CollabServer, pub: Redis, sub: Redis, log: Logger): { fanout: Fanout; stop(): void } {
  const node = randomBytes(6).toString('hex');
  /** documents whose updates could not be published: the others reload them once we can say so */
  const unsent = new Set<string>();
  const send = (doc: string, kind: 'u' | 'a', parts: Uint8Array[]) => {
    const msg = JSON.stringify({ node, doc, kind, parts: parts.map((p) => Buffer.from(p).toString('base64')) });
    pub.publish(CHANNEL, msg).catch((err) => {
      if (kind === 'u') unsent.add(doc);
      log.debug('collab update not fanned out (recovered on reconnect)', { doc, err: err.message });
    });
  };
  const onMessage = (channel: string, raw: string) => {
    if (channel !== CHANNEL) return;
    try {
      const m = JSON.parse(raw) as Message;
      if (m.node === node) return;
      if (m.kind === 'r') {
        for (const doc of m.docs) if (collab.loaded(doc)) void collab.reloadStored(doc).catch((err) => log.warn('collab reload failed', { doc, err: err.message }));
        return;
      }
      if (!collab.loaded(m.doc)) return;
      const parts = m.parts.map((p) => new Uint8Array(Buffer.from(p, 'base64')));
      if (m.kind === 'u') collab.applyRemote(m.doc, parts);
      else for (const p of parts) collab.applyRemoteAwareness(m.doc, p);
    } catch (err) {
      log.warn('bad collab fan-out message', { err: (err as Error).message });
    }
  };
  let subWasDown = false;
  const onSubError = () => (subWasDown = true);
  const onSubReady = () => {
    if (!subWasDown) return;
    subWasDown = false;
    void collab.catchUp();
    setTimeout(() => void collab.catchUp(), SECOND_CATCH_UP_MS).unref();
  };
  const onPubReady = () => {
    if (!unsent.size) return;
    const docs = [...unsent];
    unsent.clear();
    pub.publish(CHANNEL, JSON.stringify({ node, kind: 'r', docs })).catch(() => docs.forEach((d) => unsent.add(d)));
  };
  sub.subscribe(CHANNEL).catch((err) => log.warn('collab fan-out subscribe failed', { err: err.message }));
  sub.on('message', onMessage);
  sub.on('error', onSubError);
  sub.on('ready', onSubReady);
  pub.on('ready', onPubReady);
  return {
    fanout: { publish: (doc, updates) => send(doc, 'u', updates), publishAwareness: (doc, u) => send(doc, 'a', [u]) },
    stop: () => {
      sub.off('message', onMessage);
      sub.off('error', onSubError);
      sub.off('ready', onSubReady);
      pub.off('ready', onPubReady);
    },
  };
}
