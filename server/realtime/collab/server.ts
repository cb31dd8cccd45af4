// The y-websocket endpoint at /collab/<doc>: authenticates the upgrade, enforces read-only
// and limits on every message (before applying it), keeps one SharedDoc per document in memory,
// loads it from storage (seeding from the saved page once), compacts its stored log in the
// background as it grows, and unloads it when nobody uses it.
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import * as Y from 'yjs';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import { sessionFromToken, cookieValue } from '../../auth/session';
import { lookupToken } from '../../auth/tokens';
import { TOKEN_COOKIE } from '../../auth/sessionCookie';
import { GRANT_COOKIE } from '../../policies/itemPassword';
import { originAllowed } from '../origin';
import { clientIp } from '../clientIp';
import { SharedDoc, type Conn, type DocHooks } from './sharedDoc';
import { decodeMessage, encodeAccess, encodeSyncStep1 } from './protocol';
import type { CollabAccess } from '../../../shared/realtime';
import { appendUpdates, compact, countUpdates, loadState, seedOnce } from '../../domain/collab/store';
import { resolveTarget, seedFrom, type DocTarget, type ReadOnlyWhy } from './docTarget';
import { isWorkbookContent } from '../../../shared/sheet/workbook';
import { hasWorkbook } from '../../../shared/sheet/ydoc';
import { COLLAB_LIMITS } from '../limits';
import { mergeIntoDoc, mergeWorkbookIntoDoc } from './merge';
import { textFitsAfter } from './textLimit';
import { avatarColor } from '../identity';

export interface Fanout {
  publish(name: string, updates: Uint8Array[]): void;
  publishAwareness(name: string, update: Uint8Array): void;
}

interface LiveConn extends Conn {
  ws: WebSocket;
  docName: string;
  pageId: number;
  itemId: number;
  user: SessionUser | null;
  token: string | null;
  proofs: { itemPwd?: string; grantCookie?: string };
  alive: boolean;
  /** the access notice last sent (JSON), so a re-check that changes nothing sends nothing */
  access: string;
}

/** what the client is told about its right to write */
export function accessNotice(readOnly: ReadOnlyWhy | null): CollabAccess {
  if (!readOnly) return { write: true };
  return readOnly.reason === 'lock' ? { write: false, reason: 'lock', holder: readOnly.holder } : { write: false, reason: 'rights' };
}

const noFanout: Fanout = { publish: () => {}, publishAwareness: () => {} };

export class CollabServer {
  private readonly docs = new Map<string, SharedDoc>();
  private readonly loading = new Map<string, Promise<SharedDoc>>();
  private readonly conns = new Set<LiveConn>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: COLLAB_LIMITS.maxMessageBytes });
  private readonly pinger: NodeJS.Timeout;
  /** pages whose readers are held by a lock: re-checked when it expires (an expiry emits no event) */
  private readonly lockExpiry = new Map<number, NodeJS.Timeout>();
  fanout: Fanout = noFanout;
  /** updates dropped from read-only connections (tests and metrics) */
  droppedUpdates = 0;

  constructor(private readonly deps: AppDeps) {
    this.pinger = setInterval(() => {
      for (const c of this.conns) {
        if (!c.alive) {
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
    }, 30_000);
    this.pinger.unref();
  }

  /** true when the request was for us */
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/collab\/([^/]+)$/.exec(url.pathname);
    if (!m) return false;
    if (!originAllowed(req.headers.origin, req.headers.host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // an over-limit or malformed frame is reported as 'error' (then the socket closes, e.g. 1009);
      // without a listener that event would be thrown and end the whole process
      ws.on('error', (err) => this.deps.log.warn('collab socket error', { err: err.message }));
      void this.accept(ws, req, decodeURIComponent(m[1]), url).catch((err) => {
        this.deps.log.error('collab connection failed', { err });
        ws.close(1011, 'server error');
      });
    });
    return true;
  }

  private async accept(ws: WebSocket, req: http.IncomingMessage, docName: string, url: URL): Promise<void> {
    // buffer messages that arrive while we authenticate and load
    const early: Buffer[] = [];
    const onEarly = (d: Buffer) => early.push(d);
    ws.on('message', onEarly);

    const token = url.searchParams.get('user_token') || cookieValue(req.headers.cookie, TOKEN_COOKIE);
    const user = await sessionFromToken(this.deps, token);
    const proofs = { itemPwd: url.searchParams.get('_item_pwd') ?? undefined, grantCookie: cookieValue(req.headers.cookie, GRANT_COOKIE) };
    const target = await resolveTarget(this.deps, docName, user, proofs, clientIp(req.headers, req.socket.remoteAddress, this.deps.config.trustProxy));
    if ('code' in target) {
      ws.close(target.code, target.reason);
      return;
    }
    const mine = [...this.conns].filter((c) => user && c.user?.uid === user.uid).length;
    if (user && mine >= COLLAB_LIMITS.maxConnectionsPerUser) {
      ws.close(4429, 'too many open documents for this user');
      return;
    }
    const doc = await this.getDoc(target);
    if (doc.conns.size >= COLLAB_LIMITS.maxClientsPerDoc) {
      ws.close(4429, 'too many people on this document');
      return;
    }

    const conn: LiveConn = {
      id: randomBytes(8).toString('hex'),
      uid: user?.uid ?? 0,
      name: user ? user.name || user.username : 'Guest',
      color: avatarColor(user?.uid ?? 0),
      canWrite: target.canWrite,
      ws,
      docName,
      pageId: target.pageId,
      itemId: target.itemId,
      user,
      token: token ?? null,
      proofs,
      alive: true,
      access: '',
      send: (msg) => {
        if (ws.readyState === ws.OPEN) ws.send(msg, (err) => err && ws.terminate());
      },
      close: (code, reason) => ws.close(code, reason),
    };
    this.conns.add(conn);
    doc.addConn(conn);
    ws.on('pong', () => (conn.alive = true));
    ws.on('close', () => {
      this.conns.delete(conn);
      doc.removeConn(conn);
    });
    ws.off('message', onEarly);
    ws.on('message', (data: Buffer) => this.onMessage(conn, doc, data));

    conn.send(encodeSyncStep1(doc.doc));
    this.tellAccess(conn, target.readOnly);
    const aw = doc.currentAwareness();
    if (aw) conn.send(aw);
    for (const d of early) this.onMessage(conn, doc, d);
  }

  private onMessage(conn: LiveConn, doc: SharedDoc, data: Buffer): void {
    let msg;
    try {
      msg = decodeMessage(new Uint8Array(data));
    } catch {
      conn.close(4400, 'malformed message');
      return;
    }
    try {
      switch (msg.type) {
        case 'syncStep1':
          conn.send(doc.syncStep2For(msg.stateVector));
          return;
        case 'update':
          if (!conn.canWrite) {
            this.droppedUpdates++;
            return;
          }
          // both limits refuse the update before it is applied: nothing of it is stored or broadcast
          if (doc.bytes + msg.update.byteLength > COLLAB_LIMITS.maxDocBytes || !textFitsAfter(doc.doc, msg.update, COLLAB_LIMITS.maxTextChars)) {
            conn.close(4413, 'document too large');
            return;
          }
          doc.receiveUpdate(conn, msg.update);
          return;
        case 'awareness':
          doc.receiveAwareness(conn, msg.update);
          return;
        case 'queryAwareness': {
          const aw = doc.currentAwareness();
          if (aw) conn.send(aw);
          return;
        }
      }
    } catch (err) {
      this.deps.log.warn('collab message refused', { doc: doc.name, err: (err as Error).message });
      conn.close(4400, 'malformed message');
    }
  }

  /** The live document, loading it (once, even with concurrent callers) when needed. */
  async getDoc(target: Pick<DocTarget, 'name' | 'seed'>): Promise<SharedDoc> {
    const live = this.docs.get(target.name);
    if (live) return live;
    const pending = this.loading.get(target.name);
    if (pending) return pending;
    const p = this.load(target).finally(() => this.loading.delete(target.name));
    this.loading.set(target.name, p);
    return p;
  }

  loaded(name: string): SharedDoc | undefined {
    return this.docs.get(name);
  }

  private hooks(): DocHooks {
    return {
      persist: async (name, batch) => {
        const id = await appendUpdates(this.deps, name, batch);
        this.maybeCompact(name, batch.length);
        return id;
      },
      publish: (name, updates) => this.fanout.publish(name, updates),
      publishAwareness: (name, update) => this.fanout.publishAwareness(name, update),
      idle: (doc) => this.scheduleUnload(doc),
      missing: (doc) => this.resyncSoon(doc),
      log: this.deps.log,
    };
  }

  /** documents waiting for a reload from storage, because an update from another process was lost */
  private readonly resyncing = new Set<string>();

  private resyncSoon(doc: SharedDoc, attempt = 0): void {
    if (this.resyncing.has(doc.name) && attempt === 0) return;
    this.resyncing.add(doc.name);
    // a moment's wait lets the rest of a burst arrive; the reload then fills the gap once
    const timer = setTimeout(async () => {
      try {
        await this.reloadStored(doc.name);
      } catch (err) {
        this.deps.log.warn('collab re-sync failed', { doc: doc.name, err: (err as Error).message });
      }
      if (this.docs.get(doc.name) === doc && doc.missingUpdates && attempt < 20) return this.resyncSoon(doc, attempt + 1);
      this.resyncing.delete(doc.name);
    }, attempt === 0 ? 100 : 1000);
    timer.unref();
  }

  private async load(target: Pick<DocTarget, 'name' | 'seed'>): Promise<SharedDoc> {
    let state = await loadState(this.deps, target.name);
    if (!state.exists) {
      const { fill, version } = await target.seed();
      const seedDoc = new Y.Doc();
      fill(seedDoc);
      await seedOnce(this.deps, target.name, Y.encodeStateAsUpdate(seedDoc), version);
      seedDoc.destroy();
      // whichever process seeded first wins; everybody loads the same seed
      state = await loadState(this.deps, target.name);
    }
    const doc = new SharedDoc(target.name, this.hooks());
    doc.applyLoaded(state.updates);
    doc.lastPersistedId = state.lastId;
    doc.logLength = state.logLength;
    this.docs.set(target.name, doc);
    if (doc.logLength > COLLAB_LIMITS.compactAfterUpdates) void this.compactSoon(doc);
    return doc;
  }

  private scheduleUnload(doc: SharedDoc): void {
    if (doc.unloadTimer) clearTimeout(doc.unloadTimer);
    doc.unloadTimer = setTimeout(() => void this.unload(doc), COLLAB_LIMITS.unloadAfterMs);
    doc.unloadTimer.unref();
  }

  private async unload(doc: SharedDoc): Promise<void> {
    doc.unloadTimer = null;
    if (doc.conns.size > 0) return;
    await doc.flushed();
    if (doc.conns.size > 0) return;
    try {
      await compact(this.deps, doc.name);
    } catch (err) {
      this.deps.log.warn('collab compaction failed', { doc: doc.name, err: (err as Error).message });
    }
    if (doc.conns.size > 0 || !doc.settled) return;
    this.docs.delete(doc.name);
    doc.destroy();
  }

  /** Folds the stored log into the snapshot when it is (still) long: other processes append and compact too. */
  private async compactSoon(doc: SharedDoc): Promise<void> {
    if (doc.compacting) return;
    doc.compacting = true;
    try {
      // safe while this and other processes append: only the rows read are folded and deleted
      const stored = await countUpdates(this.deps, doc.name);
      doc.logLength = stored;
      if (stored > COLLAB_LIMITS.compactAfterUpdates) doc.logLength -= (await compact(this.deps, doc.name)).folded;
    } catch (err) {
      this.deps.log.warn('collab compaction failed', { doc: doc.name, err: (err as Error).message });
    } finally {
      doc.compacting = false;
    }
  }

  /**
   * After each stored batch: a live document's log is folded into its snapshot in the background
   * once it grows past compactAfterUpdates (DESIGN §5), so a document edited for hours loads
   * from a snapshot and a short log rather than from every keystroke.
   */
  private maybeCompact(name: string, appended: number): void {
    const doc = this.docs.get(name);
    if (!doc) return;
    doc.logLength += appended;
    if (doc.logLength > COLLAB_LIMITS.compactAfterUpdates) void this.compactSoon(doc);
  }

  /**
   * A re-check that could not be answered fails closed: the connection is closed as a server
   * error, and the client's reconnect is checked from the start.
   */
  private failClosed(c: LiveConn, err: unknown): void {
    this.deps.log.warn('co-editing access re-check failed; closing the connection', { doc: c.docName, uid: c.uid, err: (err as Error).message });
    c.canWrite = false;
    c.close(1011, 'access check failed');
  }

  /**
   * Re-checks every connection to an item's or a page's documents (member removed, item made
   * private or archived, catalog limit narrowed, page deleted, lock changed): who may no longer
   * read is closed, who may no longer write (rights or the edit lock) becomes read-only.
   */
  async revalidate(filter: { itemId?: number; pageId?: number }): Promise<void> {
    for (const c of [...this.conns]) {
      if (filter.itemId !== undefined && c.itemId !== filter.itemId) continue;
      if (filter.pageId !== undefined && c.pageId !== filter.pageId) continue;
      try {
        const target = await resolveTarget(this.deps, c.docName, c.user, c.proofs);
        if ('code' in target) {
          c.canWrite = false;
          c.close(target.code, target.reason);
          continue;
        }
        const regained = target.canWrite && !c.canWrite;
        c.canWrite = target.canWrite;
        this.tellAccess(c, target.readOnly);
        // what the client typed while read-only was dropped here: its answer to a new sync step 1
        // brings it (its later updates build on it, so the document could not take them otherwise)
        if (regained) {
          const doc = this.docs.get(c.docName);
          if (doc) c.send(encodeSyncStep1(doc.doc));
        }
      } catch (err) {
        this.failClosed(c, err);
      }
    }
  }

  /** Tells the connection when its right to write changed; a lock is re-checked when it expires. */
  private tellAccess(c: LiveConn, readOnly: ReadOnlyWhy | null): void {
    const notice = JSON.stringify(accessNotice(readOnly));
    if (notice !== c.access) {
      c.access = notice;
      c.send(encodeAccess(JSON.parse(notice) as CollabAccess));
    }
    if (readOnly?.reason === 'lock') this.recheckAtExpiry(c.pageId, readOnly.until);
  }

  private recheckAtExpiry(pageId: number, until: number): void {
    if (this.lockExpiry.has(pageId)) return;
    const ms = Math.max(0, (until - this.deps.now()) * 1000) + 1000;
    const timer = setTimeout(() => {
      this.lockExpiry.delete(pageId);
      void this.revalidate({ pageId }).catch((err) => this.deps.log.warn('co-editing lock re-check failed', { page: pageId, err: (err as Error).message }));
    }, ms);
    timer.unref();
    this.lockExpiry.set(pageId, timer);
  }

  /** Connections whose token was revoked (logout, password change) are closed. */
  async revalidateUser(uid: number): Promise<void> {
    for (const c of [...this.conns]) {
      if (c.uid !== uid || !c.token) continue;
      try {
        if (!(await lookupToken(this.deps.db, c.token, this.deps.now()))) c.close(4401, 'signed out');
      } catch (err) {
        this.failClosed(c, err);
      }
    }
  }

  /** The page's edit lock changed mode or holder: its writers are decided again. */
  lockChanged(pageId: number): Promise<void> {
    const timer = this.lockExpiry.get(pageId);
    if (timer) clearTimeout(timer);
    this.lockExpiry.delete(pageId);
    return this.revalidate({ pageId });
  }

  /**
   * A write that bypassed the editor: merge it into the live document (loading a stored one
   * if no process has it in memory). Pages never opened in the editor have nothing to merge.
   */
  async mergeExternal(pageId: number, previous: string, next: string): Promise<void> {
    const name = `page.${pageId}`;
    let doc = this.docs.get(name);
    if (!doc) {
      const state = await loadState(this.deps, name);
      if (!state.exists) return;
      doc = await this.getDoc({ name, seed: async () => seedFrom(isWorkbookContent(next) ? 'sheet' : 'text', { text: next, version: 0 }) });
    }
    if (hasWorkbook(doc.doc)) await mergeWorkbookIntoDoc(doc, previous, next);
    else await mergeIntoDoc(doc, previous, next);
    if (doc.conns.size === 0) this.scheduleUnload(doc);
  }

  /** For the fan-out: apply what another process stored. */
  applyRemote(name: string, updates: Uint8Array[]): void {
    this.docs.get(name)?.applyRemote(updates);
  }

  applyRemoteAwareness(name: string, update: Uint8Array): void {
    this.docs.get(name)?.applyRemoteAwareness(update);
  }

  /** Something outside this server stored updates of a document (a worker's import): a live copy loads them. */
  async reloadStored(name: string): Promise<void> {
    const doc = this.docs.get(name);
    if (!doc) return;
    doc.applyRemote((await loadState(this.deps, name)).updates);
  }

  /** After a Redis outage: reload every live document from storage (updates are idempotent). */
  async catchUp(): Promise<void> {
    for (const doc of this.docs.values()) {
      try {
        const state = await loadState(this.deps, doc.name);
        doc.applyRemote(state.updates);
      } catch (err) {
        this.deps.log.warn('collab catch-up failed', { doc: doc.name, err: (err as Error).message });
      }
    }
  }

  stats(): { docs: number; conns: number } {
    return { docs: this.docs.size, conns: this.conns.size };
  }

  /** Graceful stop: close connections, wait until every document is stored. */
  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const timer of this.lockExpiry.values()) clearTimeout(timer);
    this.lockExpiry.clear();
    for (const c of this.conns) c.close(1012, 'server restarting');
    await Promise.all([...this.docs.values()].map((d) => d.flushed()));
    for (const d of this.docs.values()) d.destroy();
    this.docs.clear();
    this.wss.close();
  }
}
