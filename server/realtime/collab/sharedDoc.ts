// One live document in memory: the Y.Doc, its awareness, and the connections editing it.
// Local changes (from a connection or a server-side merge) are persisted first and only then
// broadcast — the order that makes "another participant saw it" mean "it is stored".
import * as Y from 'yjs';
import { Awareness, removeAwarenessStates, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { decodeAwarenessUpdate, encodeAwareness, encodeAwarenessEntries, encodeUpdate, encodeSyncStep2 } from './protocol';
import type { Logger } from '../../logger';

/** Transaction origins that are not a connection. */
export const ORIGIN_LOAD = Symbol('load');
export const ORIGIN_REMOTE = Symbol('remote');
export const ORIGIN_MERGE = Symbol('merge');

export interface Conn {
  readonly id: string;
  readonly uid: number;
  readonly name: string;
  readonly color: string;
  canWrite: boolean;
  send(msg: Uint8Array): void;
  close(code: number, reason: string): void;
}

export interface DocHooks {
  /** appends to durable storage; returns the highest stored id */
  persist(name: string, batch: { update: Uint8Array; uid: number }[]): Promise<number>;
  /** after persisting: hand the updates to other processes */
  publish(name: string, updates: Uint8Array[]): void;
  publishAwareness(name: string, update: Uint8Array): void;
  /** the last connection left */
  idle(doc: SharedDoc): void;
  /**
   * another process's update could not be applied: one before it never arrived (lost while Redis
   * was away). Yjs holds it, and every later update from that client, until the gap is filled:
   * reload the document from storage, which holds every update that was ever published.
   */
  missing(doc: SharedDoc): void;
  log: Logger;
}

interface Pending {
  update: Uint8Array;
  uid: number;
  origin: unknown;
}

export class SharedDoc {
  readonly doc = new Y.Doc();
  readonly awareness = new Awareness(this.doc);
  readonly conns = new Map<Conn, Set<number>>();
  /** awareness client ids owned by other processes' connections */
  private readonly remoteIds = new Set<number>();
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private failures = 0;
  /** approximate stored size in bytes (limits) */
  bytes = 0;
  lastPersistedId = 0;
  /** stored log rows not yet folded into the snapshot, as far as this process knows */
  logLength = 0;
  /** a compaction of this document is running (at most one per process) */
  compacting = false;
  unloadTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly name: string,
    private readonly hooks: DocHooks,
  ) {
    this.awareness.setLocalState(null);
    this.doc.on('update', (update: Uint8Array, origin: unknown) => this.onDocUpdate(update, origin));
    this.awareness.on('update', ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
      const changed = [...added, ...updated, ...removed];
      if (!changed.length) return;
      const update = encodeAwarenessUpdate(this.awareness, changed);
      const msg = encodeAwareness(update);
      for (const c of this.conns.keys()) c.send(msg);
      if (origin !== ORIGIN_REMOTE && origin !== ORIGIN_LOAD) this.hooks.publishAwareness(this.name, update);
    });
  }

  get text(): Y.Text {
    return this.doc.getText('content');
  }

  /** whether every local change is stored */
  get settled(): boolean {
    return this.queue.length === 0 && this.flushing === null;
  }

  applyLoaded(updates: Uint8Array[]): void {
    for (const u of updates) {
      Y.applyUpdate(this.doc, u, ORIGIN_LOAD);
      this.bytes += u.byteLength;
    }
  }

  /** updates another process stored and published */
  applyRemote(updates: Uint8Array[]): void {
    for (const u of updates) Y.applyUpdate(this.doc, u, ORIGIN_REMOTE);
    if (this.missingUpdates) this.hooks.missing(this);
  }

  /** Yjs holds updates it cannot apply yet: some update they depend on never reached this copy */
  get missingUpdates(): boolean {
    return this.doc.store.pendingStructs !== null || this.doc.store.pendingDs !== null;
  }

  applyRemoteAwareness(update: Uint8Array): void {
    try {
      for (const e of decodeAwarenessUpdate(update)) this.remoteIds.add(e.clientID);
      applyAwarenessUpdate(this.awareness, update, ORIGIN_REMOTE);
    } catch (err) {
      this.hooks.log.warn('bad remote awareness update', { doc: this.name, err });
    }
  }

  /** an update from a connection that may write */
  receiveUpdate(conn: Conn, update: Uint8Array): void {
    Y.applyUpdate(this.doc, update, conn);
  }

  /** The connection's cursor/presence: it may only speak for its own client ids and its own identity. */
  receiveAwareness(conn: Conn, update: Uint8Array): void {
    const owned = this.conns.get(conn);
    if (!owned) return;
    const entries = decodeAwarenessUpdate(update).filter((e) => {
      if (this.remoteIds.has(e.clientID)) return false;
      for (const [other, ids] of this.conns) if (other !== conn && ids.has(e.clientID)) return false;
      return true;
    });
    for (const e of entries) {
      if (e.state === null) owned.delete(e.clientID);
      else {
        owned.add(e.clientID);
        // the server decides who you are
        e.state.user = { ...(typeof e.state.user === 'object' && e.state.user ? (e.state.user as object) : {}), uid: conn.uid, name: conn.name, color: conn.color };
      }
    }
    if (entries.length) applyAwarenessUpdate(this.awareness, encodeAwarenessEntries(entries), conn);
  }

  addConn(conn: Conn): void {
    this.conns.set(conn, new Set());
    if (this.unloadTimer) {
      clearTimeout(this.unloadTimer);
      this.unloadTimer = null;
    }
  }

  removeConn(conn: Conn): void {
    const ids = this.conns.get(conn);
    this.conns.delete(conn);
    if (ids?.size) removeAwarenessStates(this.awareness, [...ids], null);
    if (this.conns.size === 0) this.hooks.idle(this);
  }

  /** the full state for a client that sent its state vector */
  syncStep2For(stateVector: Uint8Array): Uint8Array {
    return encodeSyncStep2(this.doc, stateVector);
  }

  currentAwareness(): Uint8Array | null {
    const ids = [...this.awareness.getStates().keys()];
    return ids.length ? encodeAwareness(encodeAwarenessUpdate(this.awareness, ids)) : null;
  }

  /** resolves when everything queued so far is stored */
  async flushed(): Promise<void> {
    while (!this.settled) await (this.flushing ?? Promise.resolve());
  }

  private onDocUpdate(update: Uint8Array, origin: unknown): void {
    if (origin === ORIGIN_LOAD) return;
    if (origin === ORIGIN_REMOTE) {
      this.broadcast(update, null);
      return;
    }
    const uid = typeof origin === 'object' && origin !== null && 'uid' in origin ? (origin as Conn).uid : 0;
    this.queue.push({ update, uid, origin });
    this.bytes += update.byteLength;
    if (!this.flushing) this.flushing = this.flush().finally(() => (this.flushing = null));
  }

  /** group commit: everything that arrived while the previous write was in flight goes in one insert */
  private async flush(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.splice(0, 500);
      try {
        this.lastPersistedId = await this.hooks.persist(
          this.name,
          batch.map((p) => ({ update: p.update, uid: p.uid })),
        );
        this.failures = 0;
      } catch (err) {
        // keep order: put the batch back and retry with backoff; nothing is broadcast unstored
        this.queue.unshift(...batch);
        this.failures++;
        const wait = Math.min(5000, 100 * 2 ** Math.min(this.failures, 6));
        this.hooks.log.warn('collab update not stored yet; retrying', { doc: this.name, wait, err: (err as Error).message });
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      // one message per connection for the whole batch: under load this divides the sends (and the
      // receivers' decoding) by the batch size. Authors get their own edits back inside the merge,
      // as y-websocket's server does; Yjs ignores what a replica already has.
      if (batch.length === 1) this.broadcast(batch[0].update, batch[0].origin);
      else {
        const merged = Y.mergeUpdates(batch.map((p) => p.update));
        this.broadcast(merged, null);
        batch.splice(0, batch.length, { update: merged, uid: 0, origin: null });
      }
      this.hooks.publish(
        this.name,
        batch.map((p) => p.update),
      );
    }
  }

  private broadcast(update: Uint8Array, except: unknown): void {
    const msg = encodeUpdate(update);
    for (const c of this.conns.keys()) if (c !== except) c.send(msg);
  }

  destroy(): void {
    if (this.unloadTimer) clearTimeout(this.unloadTimer);
    this.awareness.destroy();
    this.doc.destroy();
  }
}
