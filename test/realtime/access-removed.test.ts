// Access removed while connected, through the real actions that remove it (member/delete,
// item/update making the item private, teamItemMember/save narrowing a catalog limit,
// item/archive): live sockets leave the rooms they may no longer be in, co-editing connections
// close or turn read-only, the edit session's lock goes, and a fresh join or connection right
// after is refused — with real Socket.IO and y-websocket clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { DEFAULT_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectEditor, connectSocket, emitAck, seedItem, seedPage, synced, until, type Editor } from '../helpers/realtime';
import { catalogs, docUpdates, itemMembers, pageLocks } from '../../server/db/schema';

let app: TestApp;
type U = { uid: number; user_token: string; username: string };
let owner: U;
const PRIVATE = { password: '$argon2id$v=19$m=65536,t=3,p=4$x$y' };
const sockets: Socket[] = [];
const editors: Editor[] = [];
const sock = async (u: U) => {
  const s = await connectSocket(app.url, u.user_token);
  sockets.push(s);
  return s;
};
const editor = (pageId: number, u: U) => {
  const e = connectEditor(app.url, `page.${pageId}`, u.user_token);
  editors.push(e);
  return e;
};
const as = (u: U) => ({ token: u.user_token });
/** what a socket was told about its rooms */
const watch = (s: Socket) => {
  const got: { revoked: any[]; readonly: any[] } = { revoked: [], readonly: [] };
  s.on('access:revoked', (r) => got.revoked.push(r));
  s.on('access:readonly', (r) => got.readonly.push(r));
  return got;
};
/** resolves with the close, or null when the connection stays open that long */
const closedWithin = (e: Editor, ms: number) => Promise.race([e.closed, new Promise<null>((r) => setTimeout(() => r(null), ms))]);
const lockRows = (pageId: number) => app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, pageId));
const storedBy = async (pageId: number, uid: number) =>
  (await app.deps.db.select().from(docUpdates).where(and(eq(docUpdates.docName, `page.${pageId}`), eq(docUpdates.uid, uid)))).length;

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  owner = await app.register('ar_owner');
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  editors.forEach((e) => e.destroy());
  await app?.close();
});

describe('access removed while connected', () => {
  it('a removed member leaves the item and page rooms, the edit lock goes, co-editing closes; joining again is refused', async () => {
    const victim = await app.register('ar_removed');
    const itemId = await seedItem(app.deps.db, owner, PRIVATE);
    const pageId = await seedPage(app.deps.db, itemId, 'members only');
    const memberId = await addMember(app.deps.db, itemId, victim, 1);
    const s = await sock(victim);
    const got = watch(s);
    expect(await emitAck(s, 'item:join', { item_id: itemId })).toMatchObject({ ok: true });
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true, lock: { mode: 'session' } });
    const e = editor(pageId, victim);
    await synced(e);
    e.text.insert(0, 'mine ');
    await until(async () => (await storedBy(pageId, victim.uid)) > 0, 'the member writes while a member');

    expect((await app.call('member/delete', { item_id: itemId, item_member_id: memberId }, as(owner))).error_code).toBe(0);

    await until(() => got.revoked.length === 2, 'both rooms left');
    expect(got.revoked.map((r) => r.room).sort()).toEqual([`item:${itemId}`, `page:${pageId}`]);
    expect(await closedWithin(e, 10_000)).toEqual({ code: 4403, reason: 'item password required' });
    await until(async () => (await lockRows(pageId)).length === 0, 'the edit session of the removed member ended');
    expect(await app.realtime!.gateway.io.in(`page:${pageId}`).fetchSockets()).toHaveLength(0);

    expect(await emitAck(s, 'item:join', { item_id: itemId })).toMatchObject({ ok: false, error_code: 10307 });
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'read' })).toMatchObject({ ok: false, error_code: 10307 });
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: false, error_code: 10307 });
    const again = editor(pageId, victim);
    expect(await closedWithin(again, 10_000)).toEqual({ code: 4403, reason: 'item password required' });
    expect(again.text.toString()).toBe('');
  });

  it('a reader of an item made private leaves its rooms and documents until they give the password', async () => {
    const reader = await app.register('ar_reader');
    const itemId = await seedItem(app.deps.db, owner);
    const pageId = await seedPage(app.deps.db, itemId, 'public for now');
    const s = await sock(reader);
    const got = watch(s);
    expect(await emitAck(s, 'item:join', { item_id: itemId })).toMatchObject({ ok: true });
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'read' })).toMatchObject({ ok: true });
    const e = editor(pageId, reader);
    await synced(e);
    expect(e.text.toString()).toBe('public for now');

    expect((await app.call('item/update', { item_id: itemId, is_private: 1, password: 'now-private-1' }, as(owner))).error_code).toBe(0);

    await until(() => got.revoked.length === 2, 'both rooms left');
    expect(await closedWithin(e, 10_000)).toEqual({ code: 4403, reason: 'item password required' });
    expect(await emitAck(s, 'item:join', { item_id: itemId })).toMatchObject({ ok: false, error_code: 10307 });
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'read' })).toMatchObject({ ok: false, error_code: 10307 });
    expect(await closedWithin(editor(pageId, reader), 10_000)).toEqual({ code: 4403, reason: 'item password required' });
    // the password opens it again: the refusal was about the password, nothing else
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'read', _item_pwd: 'now-private-1' })).toMatchObject({ ok: true });
  });

  it('a team member whose catalog limit is narrowed leaves the pages outside it, keeps the rest', async () => {
    const tm = await app.register('ar_team');
    const itemId = await seedItem(app.deps.db, owner, PRIVATE);
    const [a] = await app.deps.db.insert(catalogs).values({ catName: 'A', itemId, level: 2, addtime: 1 }).returning();
    const [b] = await app.deps.db.insert(catalogs).values({ catName: 'B', itemId, level: 2, addtime: 1 }).returning();
    const inA = await seedPage(app.deps.db, itemId, 'in A', { catId: a.catId });
    const inB = await seedPage(app.deps.db, itemId, 'in B', { catId: b.catId });
    const team = await app.call('team/save', { team_name: 'Live team' }, as(owner));
    expect((await app.call('teamMember/save', { team_id: team.data.id, member_username: tm.username }, as(owner))).error_code).toBe(0);
    expect((await app.call('teamItem/save', { team_id: team.data.id, item_id: itemId }, as(owner))).error_code).toBe(0);
    const [row] = (await app.call('teamItemMember/getList', { team_id: team.data.id, item_id: itemId }, as(owner))).data;

    const s = await sock(tm);
    const got = watch(s);
    expect(await emitAck(s, 'item:join', { item_id: itemId })).toMatchObject({ ok: true });
    expect(await emitAck(s, 'page:join', { page_id: inA, mode: 'read' })).toMatchObject({ ok: true });
    expect(await emitAck(s, 'page:join', { page_id: inB, mode: 'edit' })).toMatchObject({ ok: true });
    const eA = editor(inA, tm);
    const eB = editor(inB, tm);
    await Promise.all([synced(eA), synced(eB)]);

    expect((await app.call('teamItemMember/save', { id: row.id, cat_id: a.catId }, as(owner))).error_code).toBe(0);

    await until(() => got.revoked.length === 1, 'page B left');
    expect(got.revoked[0]).toMatchObject({ room: `page:${inB}`, item_id: itemId });
    expect(await closedWithin(eB, 10_000)).toEqual({ code: 4403, reason: 'no permission' });
    await until(async () => (await lockRows(inB)).length === 0, 'the edit session on page B ended');
    // the item and catalog A stay open
    expect(await closedWithin(eA, 300)).toBeNull();
    const inRooms = await app.realtime!.gateway.io.in(`page:${inA}`).fetchSockets();
    expect(inRooms.map((r) => r.id)).toContain(s.id);
    expect(await emitAck(s, 'page:join', { page_id: inB, mode: 'read' })).toMatchObject({ ok: false, error_code: 10103 });
    expect(await closedWithin(editor(inB, tm), 10_000)).toEqual({ code: 4403, reason: 'no permission' });
    expect(await emitAck(s, 'item:join', { item_id: itemId })).toMatchObject({ ok: true });
  });

  it('a re-check that cannot be answered fails closed: the socket leaves, co-editing closes, the failure is logged', async () => {
    const member = await app.register('ar_unsure');
    const itemId = await seedItem(app.deps.db, owner, PRIVATE);
    const pageId = await seedPage(app.deps.db, itemId, 'unsure');
    await addMember(app.deps.db, itemId, member, 1);
    const s = await sock(member);
    const got = watch(s);
    expect(await emitAck(s, 'item:join', { item_id: itemId })).toMatchObject({ ok: true });
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
    const e = editor(pageId, member);
    await synced(e);
    const closes: number[] = [];
    e.provider.on('connection-close', (ev: any) => ev && closes.push(ev.code));
    const warned: string[] = [];
    const { log, reads } = app.deps;
    const warn = log.warn;
    const grantsOf = reads.grantsOf;
    log.warn = (msg) => void warned.push(msg);
    // the membership cannot be read (a database outage, say): nobody can tell whether access remains
    reads.grantsOf = () => Promise.reject(new Error('database unavailable'));
    try {
      app.deps.events.emit('item.accessChanged', { itemId });
      await until(() => got.revoked.length === 2, 'both rooms left');
      await until(() => closes.includes(1011), 'co-editing closed as a server error');
      await until(async () => (await lockRows(pageId)).length === 0, 'the edit session ended');
      expect(warned).toContain('room access re-check failed; the socket leaves the room');
      expect(warned).toContain('co-editing access re-check failed; closing the connection');
    } finally {
      reads.grantsOf = grantsOf;
      log.warn = warn;
    }
    // once access can be told again, the member is let back in
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
    await synced(e);
  });

  it('an archived item refuses editing: editors become readers, the lock goes, co-editing turns read-only', async () => {
    const ed = await app.register('ar_editor');
    const itemId = await seedItem(app.deps.db, owner);
    const pageId = await seedPage(app.deps.db, itemId, 'before archive');
    await addMember(app.deps.db, itemId, ed, 1);
    const s = await sock(ed);
    const got = watch(s);
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
    const e = editor(pageId, ed);
    await synced(e);
    e.text.insert(0, 'live ');
    await until(async () => (await storedBy(pageId, ed.uid)) === 1, 'stored while editable');

    expect((await app.call('item/archive', { item_id: itemId, password: DEFAULT_PASSWORD }, as(owner))).error_code).toBe(0);

    await until(() => got.readonly.length === 1, 'told it is read-only');
    expect(got.readonly[0]).toEqual({ page_id: pageId });
    expect(got.revoked).toEqual([]);
    await until(async () => (await lockRows(pageId)).length === 0, 'the edit session ended');
    // (the re-check the event started has run once this one has)
    await app.realtime!.collab.revalidate({ itemId });
    expect(await closedWithin(e, 200)).toBeNull();
    const dropped = app.realtime!.collab.droppedUpdates;
    e.text.insert(0, 'refused ');
    await until(() => app.realtime!.collab.droppedUpdates > dropped, 'the update was dropped');
    expect(await storedBy(pageId, ed.uid)).toBe(1);
    expect(app.realtime!.collab.loaded(`page.${pageId}`)!.text.toString()).toBe('live before archive');

    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: false, error_code: 10103 });
    expect(await emitAck(s, 'page:join', { page_id: pageId, mode: 'read' })).toMatchObject({ ok: true });
    expect(await lockRows(pageId)).toHaveLength(0);
    // a new co-editing connection reads but cannot write
    const late = editor(pageId, ed);
    await synced(late);
    expect(late.text.toString()).toBe('live before archive');
    const before = app.realtime!.collab.droppedUpdates;
    late.text.insert(0, 'nope ');
    await until(() => app.realtime!.collab.droppedUpdates > before, 'the late update was dropped');
    expect(await storedBy(pageId, ed.uid)).toBe(1);
    // and the owner is no exception
    expect(await emitAck(await sock(owner), 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: false, error_code: 10103 });
    expect(await app.deps.db.select().from(itemMembers).where(eq(itemMembers.uid, ed.uid))).toHaveLength(1);
  });
});
