// Socket.IO: rooms user:<uid>, item:<id>, page:<id>, each join authorised by the policies;
// presence of readers and editors; live-editor locks; notices and job progress pushed to users;
// access re-checked (and rooms left) the moment it changes.
import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AppDeps } from '../deps';
import { findItem, catalogTopMap } from '../policies/load';
import { accessWithItemPwd } from '../policies/request';
import { clientIp } from './clientIp';
import { topCatalogAllowed, type ItemAccess } from '../policies/itemAccess';
import { pages } from '../db/schema';
import { and, eq } from 'drizzle-orm';
import { ErrorCode } from '../../shared/errors';
import { ApiError } from '../errors';
import { localize } from '../../shared/messages';
import { countUnread } from '../domain/notices/count';
import { lookupToken } from '../auth/tokens';
import { originAllowed } from './origin';
import { socketAuth, type SocketData } from './socketAuth';
import { broadcastPresence, presenceOf } from './presence';
import { joinEditSession, refreshLocks, releaseEditLock, setExclusive } from './pageLocks';
import { SOCKET_LIMITS } from './limits';
import type { CollabServer } from './collab/server';
import { pageRoom } from '../../shared/realtime';

type Ack = (reply: Record<string, unknown>) => void;

const itemRoom = (id: number) => `item:${id}`;
const editRoom = (id: number) => `page:${id}:edit`;

const toId = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : 0;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};

export class Gateway {
  readonly io: Server;
  private readonly socketsPerUser = new Map<number, number>();
  /** tokens of local sockets, kept out of socket.data (which other processes can read) */
  private readonly tokens = new WeakMap<Socket, string>();
  /** pages with live editors on this process → page's item */
  private readonly editedPages = new Map<number, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly offs: (() => void)[] = [];

  constructor(
    httpServer: http.Server,
    private readonly deps: AppDeps,
    private readonly collab: CollabServer,
  ) {
    this.io = new Server(httpServer, {
      path: '/socket.io',
      serveClient: false,
      // our /collab upgrades are answered by the collab server, not destroyed by engine.io
      destroyUpgrade: false,
      // long-polling sends each message as a new request, which must reach the process holding
      // the session: with several processes (Redis relays between them) that would need sticky
      // sessions, so they speak WebSocket only, as the co-editing connection always does
      transports: deps.config.redisUrl ? ['websocket'] : ['polling', 'websocket'],
      maxHttpBufferSize: SOCKET_LIMITS.maxPayloadBytes,
      allowRequest: (req, cb) => cb(null, originAllowed(req.headers.origin, req.headers.host)),
      pingInterval: 25_000,
      pingTimeout: 20_000,
    });
    this.io.use(socketAuth(deps, this.socketsPerUser));
    this.io.on('connection', (s) => this.onConnection(s));
    this.heartbeat = setInterval(() => void refreshLocks(deps, [...this.editedPages.keys()]).catch(() => {}), 60_000);
    this.heartbeat.unref();
    this.subscribe();
  }

  private lang(s: Socket): 'en' | 'zh' {
    return String(s.handshake.headers['accept-language'] ?? '').trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
  }

  private refuse(s: Socket, ack: Ack | undefined, code: number, template: string, vars?: Record<string, string | number>) {
    ack?.({ ok: false, error_code: code, error_message: localize(template, this.lang(s), vars), ...(vars ?? {}) });
  }

  private onConnection(s: Socket): void {
    const data = s.data as SocketData;
    const token = (s.handshake.auth?.token as string) || '';
    if (token) this.tokens.set(s, token);
    if (data.user) {
      const uid = data.user.uid;
      this.socketsPerUser.set(uid, (this.socketsPerUser.get(uid) ?? 0) + 1);
      void s.join(`user:${uid}`);
    }
    const safe = (fn: (p: any, ack?: Ack) => Promise<void>) => (p: unknown, ack?: unknown) => {
      const a = typeof ack === 'function' ? (ack as Ack) : undefined;
      fn(typeof p === 'object' && p !== null ? p : {}, a).catch((err) => {
        // a refusal decided below (the item password limiter's 10429) reaches the client as it is
        if (err instanceof ApiError) return this.refuse(s, a, err.code, err.template, err.vars);
        this.deps.log.warn('socket handler failed', { err: (err as Error).message });
        this.refuse(s, a, ErrorCode.INTERNAL, 'Unknown error');
      });
    };
    s.on('item:join', safe((p, ack) => this.joinItem(s, p, ack)));
    s.on('item:leave', safe(async (p, ack) => {
      await this.leave(s, itemRoom(toId(p.item_id)));
      ack?.({ ok: true });
    }));
    s.on('page:join', safe((p, ack) => this.joinPage(s, p, ack)));
    s.on('page:leave', safe(async (p, ack) => {
      await this.leavePage(s, toId(p.page_id));
      ack?.({ ok: true });
    }));
    s.on('page:lock', safe((p, ack) => this.lockPage(s, p, ack)));
    s.on('page:heartbeat', safe(async (_p, ack) => ack?.({ ok: true })));
    s.on('disconnect', () => this.onDisconnect(s));
  }

  private async access(s: Socket, itemId: number, itemPwd?: unknown): Promise<ItemAccess | null> {
    const item = await findItem(this.deps.db, itemId);
    if (!item) return null;
    const data = s.data as SocketData;
    const ip = clientIp(s.handshake.headers, s.handshake.address, this.deps.config.trustProxy);
    return accessWithItemPwd(this.deps, ip, data.user, item, { grantCookie: data.grantCookie, itemPwd: typeof itemPwd === 'string' ? itemPwd : undefined });
  }

  private async joinItem(s: Socket, p: Record<string, unknown>, ack?: Ack): Promise<void> {
    const itemId = toId(p.item_id);
    const access = itemId ? await this.access(s, itemId, p._item_pwd) : null;
    if (!access) return this.refuse(s, ack, ErrorCode.GENERIC, 'Item not found or deleted');
    if (!access.canVisit) {
      return access.needsPassword
        ? this.refuse(s, ack, ErrorCode.ITEM_PASSWORD_REQUIRED, 'This item is private; enter its password')
        : this.refuse(s, ack, ErrorCode.NO_PERMISSION, 'No permission');
    }
    const room = itemRoom(itemId);
    (s.data as SocketData).joined[room] ??= { since: Date.now(), mode: 'read' };
    await s.join(room);
    ack?.({ ok: true, presence: await broadcastPresence(this.io, room) });
  }

  /** the page and the caller's access to it, including the catalog limit */
  private async pageAccess(s: Socket, pageId: number, itemPwd?: unknown) {
    const [page] = pageId ? await this.deps.db.select({ itemId: pages.itemId, catId: pages.catId }).from(pages).where(and(eq(pages.pageId, pageId), eq(pages.isDel, 0))) : [];
    if (!page) return null;
    const access = await this.access(s, page.itemId, itemPwd);
    if (!access) return null;
    let inLimit = true;
    if (access.catIds !== null) inLimit = topCatalogAllowed(access, (await catalogTopMap(this.deps.db, page.itemId)).get(page.catId) ?? 0);
    return { page, access, visible: access.canVisit && inLimit };
  }

  private async joinPage(s: Socket, p: Record<string, unknown>, ack?: Ack): Promise<void> {
    const pageId = toId(p.page_id);
    const mode = p.mode === 'edit' ? 'edit' : 'read';
    const r = await this.pageAccess(s, pageId, p._item_pwd);
    if (!r) return this.refuse(s, ack, ErrorCode.GENERIC, 'Page not found or deleted');
    if (!r.visible) {
      return r.access.needsPassword
        ? this.refuse(s, ack, ErrorCode.ITEM_PASSWORD_REQUIRED, 'This item is private; enter its password')
        : this.refuse(s, ack, ErrorCode.NO_PERMISSION, 'No permission');
    }
    const data = s.data as SocketData;
    let lock: { mode: string; holder: string } | null = null;
    if (mode === 'edit') {
      if (!data.user || !r.access.canEdit) return this.refuse(s, ack, ErrorCode.NO_PERMISSION, 'You do not have permission to edit this item');
      const j = await joinEditSession(this.deps, pageId, data.user.uid, data.user.username);
      if (!j.ok) return this.refuse(s, ack, ErrorCode.NO_PERMISSION, '{lock_username} is editing this page', { lock_username: j.holder });
      lock = { mode: j.mode, holder: j.holder };
      this.editedPages.set(pageId, r.page.itemId);
      await s.join(editRoom(pageId));
    }
    const room = pageRoom(pageId);
    data.joined[room] = { since: data.joined[room]?.since ?? Date.now(), mode };
    await s.join(room);
    ack?.({ ok: true, lock, presence: await broadcastPresence(this.io, room) });
  }

  private async lockPage(s: Socket, p: Record<string, unknown>, ack?: Ack): Promise<void> {
    const pageId = toId(p.page_id);
    const data = s.data as SocketData;
    if (!data.user || !s.rooms.has(editRoom(pageId))) return this.refuse(s, ack, ErrorCode.NO_PERMISSION, 'No permission');
    const ok = await setExclusive(this.deps, pageId, data.user.uid, data.user.username, p.exclusive === true || p.exclusive === 1 || p.exclusive === '1');
    if (!ok) return this.refuse(s, ack, ErrorCode.NO_PERMISSION, 'No permission');
    const itemId = this.editedPages.get(pageId) ?? 0;
    this.deps.events.emit('page.lockChanged', { pageId, itemId });
    ack?.({ ok: true });
  }

  private async leave(s: Socket, room: string): Promise<void> {
    const data = s.data as SocketData;
    delete data.joined[room];
    await s.leave(room);
    await broadcastPresence(this.io, room);
  }

  private async leavePage(s: Socket, pageId: number): Promise<void> {
    const wasEditor = s.rooms.has(editRoom(pageId));
    await s.leave(editRoom(pageId));
    await this.leave(s, pageRoom(pageId));
    if (wasEditor) await this.endSessionIfEmpty(pageId);
  }

  /** no live editor left anywhere: the edit lock goes */
  private async endSessionIfEmpty(pageId: number): Promise<void> {
    let editors;
    try {
      editors = await this.io.in(editRoom(pageId)).fetchSockets();
    } catch {
      editors = await this.io.local.in(editRoom(pageId)).fetchSockets();
    }
    const localEditors = await this.io.local.in(editRoom(pageId)).fetchSockets();
    if (!localEditors.length) this.editedPages.delete(pageId);
    if (editors.length) return;
    await releaseEditLock(this.deps, pageId);
    this.deps.events.emit('page.lockChanged', { pageId, itemId: 0 });
  }

  private onDisconnect(s: Socket): void {
    const data = s.data as SocketData;
    if (data.user) {
      const n = (this.socketsPerUser.get(data.user.uid) ?? 1) - 1;
      if (n <= 0) this.socketsPerUser.delete(data.user.uid);
      else this.socketsPerUser.set(data.user.uid, n);
    }
    const rooms = Object.keys(data.joined ?? {});
    if (!rooms.length) return;
    // a reload reconnects within the grace period: no leave/join flicker, the lock stays
    setTimeout(() => {
      for (const room of rooms) {
        void broadcastPresence(this.io, room).catch(() => {});
        const m = /^page:(\d+)$/.exec(room);
        if (m && data.joined[room]?.mode === 'edit') void this.endSessionIfEmpty(Number(m[1])).catch(() => {});
      }
    }, SOCKET_LIMITS.presenceGraceMs).unref();
  }

  /** Re-checks every local socket in an item's rooms; those refused leave at once. */
  private async revalidateItem(itemId: number): Promise<void> {
    const sockets = await this.io.local.fetchSockets();
    for (const rs of sockets) {
      const s = this.io.sockets.sockets.get(rs.id);
      if (!s) continue;
      const data = s.data as SocketData;
      for (const room of Object.keys(data.joined)) {
        const m = /^(item|page):(\d+)$/.exec(room);
        if (!m) continue;
        const id = Number(m[2]);
        let allowed: boolean;
        let belongs: boolean;
        if (m[1] === 'item') {
          belongs = id === itemId;
          if (!belongs) continue;
          const a = await this.access(s, id);
          allowed = !!a?.canVisit;
        } else {
          const r = await this.pageAccess(s, id);
          belongs = !r || r.page.itemId === itemId;
          if (!belongs) continue;
          allowed = !!r?.visible;
          if (allowed && data.joined[room].mode === 'edit' && !r!.access.canEdit) {
            await s.leave(editRoom(id));
            data.joined[room].mode = 'read';
            s.emit('access:readonly', { page_id: id });
          }
        }
        if (!allowed) {
          delete data.joined[room];
          await s.leave(room);
          if (m[1] === 'page') await s.leave(editRoom(id));
          s.emit('access:revoked', { room, item_id: itemId });
          void broadcastPresence(this.io, room);
        }
      }
    }
  }

  /** Sockets whose token was revoked are disconnected. */
  private async revalidateUser(uid: number): Promise<void> {
    for (const s of this.io.sockets.sockets.values()) {
      const data = s.data as SocketData;
      if (data.user?.uid !== uid) continue;
      const token = this.tokens.get(s);
      const still = token ? await lookupToken(this.deps.db, token, this.deps.now()) : null;
      if (!still) s.disconnect(true);
    }
  }

  private subscribe(): void {
    const { events } = this.deps;
    this.offs.push(
      events.on('item.accessChanged', ({ itemId }) => {
        void this.revalidateItem(itemId).catch((err) => this.deps.log.warn('revalidate failed', { err: err.message }));
        void this.collab.revalidate({ itemId }).catch(() => {});
      }),
      events.on('user.tokensRevoked', ({ uid }) => {
        void this.revalidateUser(uid).catch(() => {});
        void this.collab.revalidateUser(uid).catch(() => {});
      }),
      events.on('page.lockChanged', ({ pageId }) => {
        void this.collab.lockChanged(pageId).catch(() => {});
      }),
      // browser-facing pushes go through the adapter from the process where they happen
      events.on('notice.created', ({ toUid, noticeId, title }) => {
        void countUnread(this.deps.db, toUid)
          .then((unread) => this.io.to(`user:${toUid}`).emit('notice', { notice_id: noticeId, notice_title: title, unread_count: unread }))
          .catch(() => {});
      }),
      events.on('job.progress', (p) => {
        this.io.to(`user:${p.uid}`).emit('job', { job_id: p.jobId, name: p.name, status: p.status, progress: p.progress, result: p.result, error: p.error });
      }),
      events.on('page.saved', (p) => {
        this.io.to(itemRoom(p.itemId)).emit('item:changed', { item_id: p.itemId, page_id: p.pageId, created: p.created });
        this.io.to(pageRoom(p.pageId)).emit('page:saved', { page_id: p.pageId, version: p.version, uid: p.uid });
        if (p.source !== 'collab') {
          void this.collab.mergeExternal(p.pageId, p.previousContent, p.content).catch((err) => this.deps.log.warn('merge into live document failed', { page: p.pageId, err: err.message }));
        }
      }),
      events.on('page.deleted', (p) => {
        this.io.to(itemRoom(p.itemId)).emit('item:changed', { item_id: p.itemId, page_id: p.pageId, deleted: true });
        void this.collab.revalidate({ pageId: p.pageId }).catch(() => {});
      }),
      events.on('catalog.changed', ({ itemId }) => this.io.to(itemRoom(itemId)).emit('item:changed', { item_id: itemId })),
      events.on('item.changed', ({ itemId }) => this.io.to(itemRoom(itemId)).emit('item:changed', { item_id: itemId })),
    );
  }

  presence(room: string) {
    return presenceOf(this.io, room);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.offs.forEach((off) => off());
    await new Promise<void>((r) => this.io.close(() => r()));
  }
}
