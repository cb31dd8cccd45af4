// Real clients for the realtime suites: y-websocket providers and socket.io-client sockets in Node,
// plus direct DB setup of items, pages and members (independent of the HTTP API under test).
import * as Y from 'yjs';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import { io as ioClient, type Socket } from 'socket.io-client';
import { itemMembers, items, pages } from '../../server/db/schema';
import type { Db } from '../../server/db/client';

// y-websocket providers add process exit listeners; twenty editors exceed the default ten
process.setMaxListeners(100);

export async function seedItem(db: Db, owner: { uid: number; username: string }, extra: Partial<typeof items.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(items)
    .values({ itemName: 'Live item', uid: owner.uid, username: owner.username, addtime: 1, lastUpdateTime: 1, ...extra })
    .returning({ id: items.itemId });
  return row.id;
}

export async function seedPage(db: Db, itemId: number, content = '', extra: Partial<typeof pages.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(pages)
    .values({ itemId, pageTitle: 'Live page', pageContent: content, addtime: 1, pageAddtime: 1, ...extra })
    .returning({ id: pages.pageId });
  return row.id;
}

export async function addMember(db: Db, itemId: number, user: { uid: number; username: string }, group = 1, catId = 0): Promise<number> {
  const [row] = await db
    .insert(itemMembers)
    .values({ itemId, uid: user.uid, username: user.username, memberGroupId: group, catId, addtime: 1 })
    .returning({ id: itemMembers.itemMemberId });
  return row.id;
}

export interface Editor {
  doc: Y.Doc;
  text: Y.Text;
  provider: WebsocketProvider;
  /** close code and reason when the server closed us */
  closed: Promise<{ code: number; reason: string }>;
  destroy(): void;
}

export function connectEditor(baseUrl: string, docName: string, token?: string, opts: { connect?: boolean } = {}): Editor {
  const doc = new Y.Doc();
  const wsUrl = baseUrl.replace(/^http/, 'ws') + '/collab';
  const provider = new WebsocketProvider(wsUrl, docName, doc, {
    WebSocketPolyfill: WebSocket as any,
    params: token ? { user_token: token } : {},
    connect: opts.connect ?? true,
    disableBc: true,
    maxBackoffTime: 300,
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    provider.on('connection-close', (ev: any) => {
      if (ev && ev.code >= 4000) resolve({ code: ev.code, reason: String(ev.reason ?? '') });
    });
  });
  return {
    doc,
    text: doc.getText('content'),
    provider,
    closed,
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

export function synced(e: Editor, timeout = 10_000): Promise<void> {
  if (e.provider.synced) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('not synced in time')), timeout);
    e.provider.once('sync', (s: boolean) => {
      if (s) {
        clearTimeout(t);
        resolve();
      }
    });
  });
}

/** Waits until cond() holds (polling), failing with a message after timeout. */
export async function until(cond: () => boolean | Promise<boolean>, message: string, timeout = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await cond())) {
    if (Date.now() - start > timeout) throw new Error(`timed out: ${message}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function connectSocket(baseUrl: string, token?: string): Promise<Socket> {
  const s = ioClient(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => reject(err));
  });
}

export function emitAck<T = any>(s: Socket, event: string, payload: unknown): Promise<T> {
  return s.timeout(5000).emitWithAck(event, payload) as Promise<T>;
}
