// Socket.IO with real clients: authenticated joins, presence with a grace period, live-editor
// locks, notice and job push, and access removed while connected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectEditor, connectSocket, emitAck, seedItem, seedPage, synced, until } from '../helpers/realtime';
import { itemMembers, pageLocks } from '../../server/db/schema';

let app: TestApp;
type U = { uid: number; user_token: string; username: string };
let ann: U, bob: U, carl: U, stranger: U;
let itemId: number;
let privateItem: number;
const sockets: Socket[] = [];
const sock = async (token?: string) => {
  const s = await connectSocket(app.url, token);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  ann = await app.register('gw_ann');
  bob = await app.register('gw_bob');
  carl = await app.register('gw_carl');
  stranger = await app.register('gw_stranger');
  itemId = await seedItem(app.deps.db, ann);
  privateItem = await seedItem(app.deps.db, ann, { password: '$argon2id$v=19$m=65536,t=3,p=4$x$y' });
  for (const id of [itemId, privateItem]) {
    await addMember(app.deps.db, id, bob, 1);
    await addMember(app.deps.db, id, carl, 0);
  }
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await app.close();
});

describe('joining rooms', () => {
  it('refuses an invalid token at connect', async () => {
    await expect(connectSocket(app.url, 'f'.repeat(64))).rejects.toThrow(/invalid or expired token/);
  });

  it('lets members join and refuses a stranger on a private item', async () => {
    const a = await sock(ann.user_token);
    const ok = await emitAck(a, 'item:join', { item_id: privateItem });
    expect(ok.ok).toBe(true);
    const s = await sock(stranger.user_token);
    const no = await emitAck(s, 'item:join', { item_id: privateItem });
    expect(no).toMatchObject({ ok: false, error_code: 10307 });
    const anon = await sock();
    expect(await emitAck(anon, 'item:join', { item_id: privateItem })).toMatchObject({ ok: false, error_code: 10307 });
    expect(await emitAck(anon, 'item:join', { item_id: itemId })).toMatchObject({ ok: true });
  });

  it('a read-only member cannot join a page to edit', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'x');
    const c = await sock(carl.user_token);
    expect(await emitAck(c, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: false, error_code: 10103 });
    expect(await emitAck(c, 'page:join', { page_id: pageId, mode: 'read' })).toMatchObject({ ok: true });
  });
});

describe('presence', () => {
  it('shows who reads an item and who edits a page, without flicker on reload', async () => {
    const room = await seedItem(app.deps.db, ann);
    await addMember(app.deps.db, room, bob, 1);
    const a = await sock(ann.user_token);
    await emitAck(a, 'item:join', { item_id: room });
    const updates: any[] = [];
    a.on('presence', (p) => updates.push(p));
    const b = await sock(bob.user_token);
    const joined = await emitAck(b, 'item:join', { item_id: room });
    expect(joined.presence.users.map((u: any) => u.name).sort()).toEqual(['gw_ann', 'gw_bob']);
    expect(joined.presence.users[0]).toMatchObject({ uid: ann.uid, mode: 'read' });
    expect(typeof joined.presence.users[0].color).toBe('string');
    // bob reloads: disconnects and is back before the grace period ends
    b.disconnect();
    const b2 = await sock(bob.user_token);
    await emitAck(b2, 'item:join', { item_id: room });
    await new Promise((r) => setTimeout(r, 4500));
    const last = updates[updates.length - 1];
    expect(last.users.map((u: any) => u.name).sort()).toEqual(['gw_ann', 'gw_bob']);
    // a real leave is announced after the grace period
    b2.disconnect();
    await until(() => updates[updates.length - 1].users.length === 1, 'bob left', 8000);
  });
});

describe('locks', () => {
  it('live editors share a session; exclusive lock refuses others with the holder name; release frees it', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'lock me');
    const a = await sock(ann.user_token);
    const b = await sock(bob.user_token);
    expect(await emitAck(a, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true, lock: { mode: 'session' } });
    expect(await emitAck(b, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
    expect(await emitAck(b, 'page:leave', { page_id: pageId })).toMatchObject({ ok: true });
    expect(await emitAck(a, 'page:lock', { page_id: pageId, exclusive: true })).toMatchObject({ ok: true });
    const refused = await emitAck(b, 'page:join', { page_id: pageId, mode: 'edit' });
    expect(refused).toMatchObject({ ok: false, error_code: 10103, lock_username: 'gw_ann' });
    expect(refused.error_message).toBe('gw_ann is editing this page');
    // the Yjs connection of bob is read-only while ann holds the exclusive lock
    const yb = connectEditor(app.url, `page.${pageId}`, bob.user_token);
    await synced(yb);
    const dropped = app.realtime!.collab.droppedUpdates;
    yb.text.insert(0, 'no');
    await until(() => app.realtime!.collab.droppedUpdates > dropped, 'bob dropped');
    yb.destroy();
    // ann's tab closes: after the grace period the lock is released and bob may edit
    a.disconnect();
    await until(async () => (await app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, pageId))).length === 0, 'lock released', 10_000);
    expect(await emitAck(b, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
  });

  it('an HTTP-only client lock refuses live editors', async () => {
    const pageId = await seedPage(app.deps.db, itemId, 'http');
    await app.deps.db.insert(pageLocks).values({ pageId, lockUid: ann.uid, lockUsername: 'gw_ann', lockTo: app.deps.now() + 300, mode: 'http', addtime: 1 });
    const b = await sock(bob.user_token);
    expect(await emitAck(b, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: false, lock_username: 'gw_ann' });
  });
});

describe('push', () => {
  it('a notice reaches every open tab of its user at once, and only theirs', async () => {
    const t1 = await sock(bob.user_token);
    const t2 = await sock(bob.user_token);
    const other = await sock(carl.user_token);
    const got: any[] = [];
    t1.on('notice', (n) => got.push(['t1', n]));
    t2.on('notice', (n) => got.push(['t2', n]));
    other.on('notice', (n) => got.push(['carl', n]));
    app.deps.events.emit('notice.created', { toUid: bob.uid, noticeId: 42, title: 'Hello' });
    await until(() => got.length >= 2, 'notice pushed');
    await new Promise((r) => setTimeout(r, 100));
    expect(got.map((g) => g[0]).sort()).toEqual(['t1', 't2']);
    expect(got[0][1]).toMatchObject({ notice_id: 42, notice_title: 'Hello' });
  });

  it('changes to an item reach its readers (tree, settings, pages)', async () => {
    const reader = await sock(ann.user_token);
    const outsider = await sock(bob.user_token);
    expect(await emitAck(reader, 'item:join', { item_id: privateItem })).toMatchObject({ ok: true });
    const got: any[] = [];
    reader.on('item:changed', (c) => got.push(c));
    outsider.on('item:changed', (c) => got.push({ outsider: c }));
    app.deps.events.emit('item.changed', { itemId: privateItem });
    app.deps.events.emit('catalog.changed', { itemId: privateItem });
    await until(() => got.length >= 2, 'item changes pushed');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([{ item_id: privateItem }, { item_id: privateItem }]);
  });

  it('job progress goes to user:<uid>', async () => {
    const t = await sock(ann.user_token);
    const got: any[] = [];
    t.on('job', (j) => got.push(j));
    app.deps.events.emit('job.progress', { uid: ann.uid, jobId: 'j1', name: 'export', status: 'running', progress: 50 });
    await until(() => got.length === 1, 'job pushed');
    expect(got[0]).toMatchObject({ job_id: 'j1', progress: 50 });
  });
});

describe('revocation', () => {
  it('drops a removed member from the rooms within a second', async () => {
    const victim = await app.register('gw_victim');
    await addMember(app.deps.db, privateItem, victim, 1);
    const pageId = await seedPage(app.deps.db, privateItem, 'p');
    const s = await sock(victim.user_token);
    expect(await emitAck(s, 'item:join', { item_id: privateItem })).toMatchObject({ ok: true });
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'read' })).toMatchObject({ ok: true });
    const revoked: any[] = [];
    s.on('access:revoked', (r) => revoked.push(r));
    await app.deps.db.delete(itemMembers).where(eq(itemMembers.uid, victim.uid));
    const t0 = Date.now();
    app.deps.events.emit('item.accessChanged', { itemId: privateItem, uids: [victim.uid] });
    await until(() => revoked.length === 2, 'both rooms left', 1000);
    expect(Date.now() - t0).toBeLessThan(1000);
    const inRoom = await app.realtime!.gateway.io.in(`item:${privateItem}`).fetchSockets();
    expect(inRoom.some((r) => (r.data as any).user?.uid === victim.uid)).toBe(false);
  });

  it('logging out disconnects the sockets of that token', async () => {
    const u = await app.register('gw_logout');
    const s = await sock(u.user_token);
    const gone = new Promise((r) => s.once('disconnect', r));
    await app.call('user/logout', {}, { token: u.user_token });
    await gone;
    expect(s.connected).toBe(false);
  });
});
