// Socket.IO: rooms user:<uid>, item:<id>, page:<id>, each join authorised by the policies;
// presence of readers and editors; live-editor locks; notices and job progress pushed to users;
// access re-checked (and rooms left) the moment it changes.
import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { AppDeps } from '../deps';
import { itemRoomAccess, pageRoomAccess, type LiveViewer } from '../policies/roomAccess';
import { canJoinUserRoom, canReceiveAnnouncements, type RoomRefusal, type RoomVerdict } from '../policies/rooms';
import { clientIp } from './clientIp';
import { ErrorCode } from '../../shared/errors';
import { ApiError } from '../errors';
import { localize } from '../../shared/messages';
import { countUnread } from '../domain/notices/count';
import { presentJobPush } from '../presenters/job';
import { presentAnnouncementPush } from '../presenters/announcement';
import { findAnnouncement } from '../domain/notices/announcements';
import { lookupToken } from '../auth/tokens';
import { originAllowed } from './origin';
import { socketAuth, type SocketData } from './socketAuth';
import { broadcastPresence, presenceOf } from './presence';
import { joinEditSession, refreshLocks, releaseEditLock, releaseLeftExclusive, setExclusive } from './pageLocks';
import { SOCKET_LIMITS } from './limits';
import type { CollabServer } from './collab/server';
import { pageRoom } from '../../shared/realtime';

type Ack = (reply: Record<string, unknown>) => void;

const itemRoom = (id: number) => `item:${id}`;
const editRoom = (id: number) => `page:${id}:edit`;

/** what a refused join answers: the ShowDoc code and message of the same refusal over HTTP */
const REFUSALS: Record<Exclude<RoomRefusal, 'not-found'>, [number, string]> = {
  password: [ErrorCode.ITEM_PASSWORD_REQUIRED, 'This item is private; enter its password'],
  'no-permission': [ErrorCode.NO_PERMISSION, 'No permission'],
  'no-edit': [ErrorCode.NO_PERMISSION, 'You do not have permission to edit this item'],
};

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
    this.heartbeat = setInterval(() => this.background(refreshLocks(deps, [...this.editedPages.keys()]), 'edit lock heartbeat failed'), 60_000);
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
      if (canJoinUserRoom(data.user, uid)) void s.join(`user:${uid}`);
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

  /**
   * The socket's user and proofs for the room policies. `join`: a join message, whose `_item_pwd`
   * (counted with item/pwd's limiter from the client's address) may open a private item; re-checks
   * carry only the grant cookie.
   */
  private viewer(s: Socket, join?: { itemPwd: unknown }): LiveViewer {
    const data = s.data as SocketData;
    if (!join) return { user: data.user, proofs: { grantCookie: data.grantCookie } };
    return {
      user: data.user,
      proofs: { grantCookie: data.grantCookie, itemPwd: typeof join.itemPwd === 'string' ? join.itemPwd : undefined },
      ip: clientIp(s.handshake.headers, s.handshake.address, this.deps.config.trustProxy),
    };
  }

  /** answers a refused join; false when the verdict allows it */
  private refused(s: Socket, ack: Ack | undefined, verdict: RoomVerdict, notFound: string): boolean {
    if (verdict.allowed) return false;
    const [code, template] = verdict.refusal === 'not-found' ? [ErrorCode.GENERIC, notFound] : REFUSALS[verdict.refusal];
    this.refuse(s, ack, code, template);
    return true;
  }

  private async joinItem(s: Socket, p: Record<string, unknown>, ack?: Ack): Promise<void> {
    const itemId = toId(p.item_id);
    const verdict: RoomVerdict = itemId ? await itemRoomAccess(this.deps, this.viewer(s, { itemPwd: p._item_pwd }), itemId) : { allowed: false, refusal: 'not-found' };
    if (this.refused(s, ack, verdict, 'Item not found or deleted')) return;
    const room = itemRoom(itemId);
    (s.data as SocketData).joined[room] ??= { since: Date.now(), mode: 'read' };
    await s.join(room);
    ack?.({ ok: true, presence: await broadcastPresence(this.io, room) });
  }

  private async joinPage(s: Socket, p: Record<string, unknown>, ack?: Ack): Promise<void> {
    const pageId = toId(p.page_id);
    const mode = p.mode === 'edit' ? 'edit' : 'read';
    const r = pageId ? await pageRoomAccess(this.deps, this.viewer(s, { itemPwd: p._item_pwd }), pageId) : null;
    if (!r?.page) return this.refuse(s, ack, ErrorCode.GENERIC, 'Page not found or deleted');
    if (this.refused(s, ack, r.read, 'Page not found or deleted')) return;
    const data = s.data as SocketData;
    const user = data.user;
    let lock: { mode: string; holder: string } | null = null;
    if (mode === 'edit') {
      // (the policy lets only signed-in users edit; the guard tells the compiler)
      if (this.refused(s, ack, user ? r.edit : { allowed: false, refusal: 'no-edit' }, 'Page not found or deleted') || !user) return;
      const j = await joinEditSession(this.deps, pageId, user.uid, user.username);
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
    if (editors.length) {
      const uids = editors.map((e) => (e.data as SocketData).user?.uid ?? 0);
      if (await releaseLeftExclusive(this.deps, pageId, uids)) this.deps.events.emit('page.lockChanged', { pageId, itemId: 0 });
      return;
    }
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
        this.background(broadcastPresence(this.io, room), 'presence broadcast failed', { room });
        const m = /^page:(\d+)$/.exec(room);
        if (m && data.joined[room]?.mode === 'edit') this.background(this.endSessionIfEmpty(Number(m[1])), 'ending an edit session failed', { page: Number(m[1]) });
      }
    }, SOCKET_LIMITS.presenceGraceMs).unref();
  }

  /** Re-checks every local socket in an item's rooms: those refused leave at once, editors who may no longer edit stay as readers. */
  private async revalidateItem(itemId: number): Promise<void> {
    const sockets = await this.io.local.fetchSockets();
    for (const rs of sockets) {
      const s = this.io.sockets.sockets.get(rs.id);
      if (!s) continue;
      for (const room of Object.keys((s.data as SocketData).joined)) await this.recheckRoom(s, room, itemId);
    }
  }

  /** One room of one socket, when it is about the item. A check that cannot be answered fails closed: the socket leaves. */
  private async recheckRoom(s: Socket, room: string, itemId: number): Promise<void> {
    const m = /^(item|page):(\d+)$/.exec(room);
    if (!m) return;
    const id = Number(m[2]);
    if (m[1] === 'item' && id !== itemId) return;
    let read: RoomVerdict;
    let edit: RoomVerdict = { allowed: true };
    try {
      if (m[1] === 'item') read = await itemRoomAccess(this.deps, this.viewer(s), id);
      else {
        const r = await pageRoomAccess(this.deps, this.viewer(s), id);
        // a page of another item is not concerned (a page that is gone is)
        if (r.page && r.page.itemId !== itemId) return;
        ({ read, edit } = r);
      }
    } catch (err) {
      this.deps.log.warn('room access re-check failed; the socket leaves the room', { room, err: (err as Error).message });
      read = { allowed: false, refusal: 'no-permission' };
    }
    const data = s.data as SocketData;
    const wasEditor = m[1] === 'page' && data.joined[room]?.mode === 'edit';
    if (!read.allowed) {
      delete data.joined[room];
      await s.leave(room);
      if (m[1] === 'page') await s.leave(editRoom(id));
      s.emit('access:revoked', { room, item_id: itemId });
    } else if (wasEditor && !edit.allowed) {
      await s.leave(editRoom(id));
      data.joined[room].mode = 'read';
      s.emit('access:readonly', { page_id: id });
    } else return;
    this.background(broadcastPresence(this.io, room), 'presence broadcast failed', { room });
    // an editor who left the session may have been its last one: the session's lock goes
    if (wasEditor) this.background(this.endSessionIfEmpty(id), 'ending an edit session failed', { page: id });
  }

  /** Sockets whose token was revoked are disconnected (also when the token cannot be checked). */
  private async revalidateUser(uid: number): Promise<void> {
    for (const s of this.io.sockets.sockets.values()) {
      const data = s.data as SocketData;
      if (data.user?.uid !== uid) continue;
      const token = this.tokens.get(s);
      let still = null;
      try {
        still = token ? await lookupToken(this.deps.db, token, this.deps.now()) : null;
      } catch (err) {
        this.deps.log.warn('token re-check failed; the socket is disconnected', { uid, err: (err as Error).message });
      }
      if (!still) s.disconnect(true);
    }
  }

  /** work started from an event or a timer: its failure is logged, never lost */
  private background(work: Promise<unknown>, what: string, fields: Record<string, unknown> = {}): void {
    work.catch((err) => this.deps.log.warn(what, { ...fields, err: (err as Error)?.message ?? String(err) }));
  }

  private subscribe(): void {
    const { events } = this.deps;
    this.offs.push(
      events.on('item.accessChanged', ({ itemId }) => {
        this.background(this.revalidateItem(itemId), 'room access re-check failed', { item: itemId });
        this.background(this.collab.revalidate({ itemId }), 'co-editing access re-check failed', { item: itemId });
      }),
      events.on('user.tokensRevoked', ({ uid }) => {
        this.background(this.revalidateUser(uid), 'token re-check failed', { uid });
        this.background(this.collab.revalidateUser(uid), 'co-editing token re-check failed', { uid });
      }),
      events.on('page.lockChanged', ({ pageId }) => {
        this.background(this.collab.lockChanged(pageId), 'co-editing lock re-check failed', { page: pageId });
      }),
      events.on('collab.stored', ({ docName }) => {
        this.background(this.collab.reloadStored(docName), 'co-editing reload failed', { doc: docName });
      }),
      // notices and job progress may happen in a worker, which has no sockets: the event bridge
      // brings them to every API process, and each pushes them to its own sockets only
      events.on('notice.created', ({ toUid, noticeId, title }) => {
        this.background(
          countUnread(this.deps.db, toUid).then((unread) => this.io.local.to(`user:${toUid}`).emit('notice', { notice_id: noticeId, notice_title: title, unread_count: unread })),
          'notice push failed',
          { uid: toUid },
        );
      }),
      // a site announcement: every signed-in socket of this process, in its own language
      events.on('announcement.created', ({ noticeId }) => {
        this.background(this.pushAnnouncement(noticeId), 'announcement push failed', { notice: noticeId });
      }),
      events.on('job.progress', (p) => {
        this.io.local.to(`user:${p.uid}`).emit('job', presentJobPush(p));
      }),
      events.on('page.saved', (p) => {
        this.io.to(itemRoom(p.itemId)).emit('item:changed', { item_id: p.itemId, page_id: p.pageId, created: p.created });
        this.io.to(pageRoom(p.pageId)).emit('page:saved', { page_id: p.pageId, version: p.version, uid: p.uid });
        if (p.source !== 'collab') {
          this.background(this.collab.mergeExternal(p.pageId, p.previousContent, p.content), 'merge into live document failed', { page: p.pageId });
        }
      }),
      events.on('page.deleted', (p) => {
        this.io.to(itemRoom(p.itemId)).emit('item:changed', { item_id: p.itemId, page_id: p.pageId, deleted: true });
        this.background(this.collab.revalidate({ pageId: p.pageId }), 'co-editing access re-check failed', { page: p.pageId });
      }),
      events.on('catalog.changed', ({ itemId }) => this.io.to(itemRoom(itemId)).emit('item:changed', { item_id: itemId })),
      events.on('item.changed', ({ itemId }) => this.io.to(itemRoom(itemId)).emit('item:changed', { item_id: itemId })),
    );
  }

  private async pushAnnouncement(noticeId: number): Promise<void> {
    const row = await findAnnouncement(this.deps, noticeId);
    if (!row) return;
    const pushes = { en: await presentAnnouncementPush(row, 'en'), zh: await presentAnnouncementPush(row, 'zh') };
    for (const s of this.io.sockets.sockets.values()) {
      if (canReceiveAnnouncements((s.data as SocketData).user)) s.emit('announcement', pushes[this.lang(s)]);
    }
  }

  presence(room: string) {
    return presenceOf(this.io, room);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.offs.forEach((off) => off());
    // Socket.IO's close() also closes the HTTP server it is attached to, and Node's close drops
    // idle keep-alive connections at once, resetting requests already on their way: the process's
    // drain (http/drain.ts) closes the HTTP server its own way
    (this.io as unknown as { httpServer?: unknown }).httpServer = undefined;
    await new Promise<void>((r) => this.io.close(() => r()));
  }
}
