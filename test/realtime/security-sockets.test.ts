// Socket attacks (security.md §2.5, ASVS 14.5.x and the real-time list): cross-site WebSocket
// hijacking with the victim's cookie, hostile event payloads and document names, the page of a
// private item named next to an item the attacker may read, catalog limits on live rooms, and
// oversized collab messages. The server answers with clear refusals and keeps serving.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../helpers/app';
import { addMember, connectSocket, emitAck, seedItem, seedPage } from '../helpers/realtime';
import { catalogs, docSnapshots, docUpdates, itemMembers, pageLocks } from '../../server/db/schema';
import { hashItemPassword } from '../../server/policies/itemPassword';
import { ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA } from '../../shared/limits';

let app: TestApp;
type U = { uid: number; user_token: string; username: string };
let owner: U, attacker: U, limited: U;
let privItem: number, privPage: number, pubItem: number, pubPage: number, limitedPage: number;
const sockets: Socket[] = [];
const sock = async (token?: string) => {
  const s = await connectSocket(app.url, token);
  sockets.push(s);
  return s;
};

/** opens a raw WebSocket and resolves with how it ended: refused upgrade (HTTP status) or close code */
function rawWs(path: string, headers: Record<string, string> = {}, onOpen?: (ws: WebSocket) => void): Promise<{ status?: number; code?: number; reason?: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(app.url.replace(/^http/, 'ws') + path, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode });
      ws.terminate();
    });
    ws.on('open', () => onOpen?.(ws));
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('error', () => {});
  });
}

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  owner = await app.register('sock_owner');
  attacker = await app.register('sock_attacker');
  limited = await app.register('sock_limited');
  privItem = await seedItem(app.deps.db, owner, { password: '$argon2id$v=19$m=65536,t=3,p=4$x$y' });
  privPage = await seedPage(app.deps.db, privItem, 'private text');
  pubItem = await seedItem(app.deps.db, owner);
  pubPage = await seedPage(app.deps.db, pubItem, 'public text');
  await addMember(app.deps.db, pubItem, attacker, 0);
  // limited: may edit catalog A of the private item only
  const [a] = await app.deps.db.insert(catalogs).values({ catName: 'A', itemId: privItem, level: 2, addtime: 1 }).returning();
  const [b] = await app.deps.db.insert(catalogs).values({ catName: 'B', itemId: privItem, level: 2, addtime: 1 }).returning();
  await seedPage(app.deps.db, privItem, 'in A', { catId: a.catId });
  limitedPage = await seedPage(app.deps.db, privItem, 'in B', { catId: b.catId });
  await app.deps.db.insert(itemMembers).values({ itemId: privItem, uid: limited.uid, username: limited.username, memberGroupId: 1, catId: a.catId, catIds: String(a.catId), addtime: 1 });
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await app?.close();
});

describe('cross-site WebSocket hijacking', () => {
  it('a foreign Origin is refused at the handshake, for Socket.IO and for /collab, even with the cookie', async () => {
    const cookie = `cookie_token=${owner.user_token}`;
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
      const io = await rawWs('/socket.io/?EIO=4&transport=websocket', { Origin: origin, Cookie: cookie });
      expect(io.status ?? io.code, origin).not.toBe(1000);
      expect(io.status, origin).toBeGreaterThanOrEqual(400);
      const collab = await rawWs(`/collab/page.${privPage}`, { Origin: origin, Cookie: cookie });
      expect(collab.status, origin).toBe(403);
    }
    // polling transport too
    const poll = await app.fetch('/socket.io/?EIO=4&transport=polling', { headers: { Origin: 'https://evil.example', Cookie: cookie } });
    expect(poll.status).toBeGreaterThanOrEqual(400);
    expect(poll.headers.get('access-control-allow-origin')).toBeNull();
    await poll.arrayBuffer();
    // our own origin works
    const own = await app.fetch('/socket.io/?EIO=4&transport=polling', { headers: { Origin: app.url, Cookie: cookie } });
    expect(own.status).toBe(200);
    await own.arrayBuffer();
  });
});

describe('hostile event payloads', () => {
  it('ids that are not ids are refused with a clear ack; the socket keeps working', async () => {
    const s = await sock(attacker.user_token);
    const bad: unknown[] = [{ item_id: { $ne: null } }, { item_id: [privItem] }, { item_id: `${privItem} OR 1=1` }, { item_id: '-1' }, { item_id: '9999999999999999999' }, { item_id: 'x'.repeat(100_000) }, 'item_id=1', 42, null, [privItem]];
    for (const p of bad) {
      const r = await emitAck(s, 'item:join', p);
      expect(r.ok, JSON.stringify(p)?.slice(0, 40)).toBe(false);
      expect(typeof r.error_code).toBe('number');
      expect(typeof r.error_message).toBe('string');
      const q = await emitAck(s, 'page:join', typeof p === 'object' && p && !Array.isArray(p) ? { page_id: (p as any).item_id, mode: 'edit' } : p);
      expect(q.ok).toBe(false);
    }
    // events without an ack, and unknown events, do not break the connection
    s.emit('item:join', { item_id: { $gt: 0 } });
    s.emit('page:lock', { page_id: privPage, exclusive: true });
    s.emit('no:such:event', { a: 1 });
    expect(await emitAck(s, 'item:join', { item_id: pubItem })).toMatchObject({ ok: true });
    expect(s.connected).toBe(true);
  });

  it('a payload over the size limit drops only that socket', async () => {
    const s = await sock(attacker.user_token);
    const gone = new Promise<string>((r) => s.once('disconnect', (why) => r(why)));
    s.emit('item:join', { item_id: pubItem, pad: 'x'.repeat(400 * 1024) });
    expect(await gone).toMatch(/transport (close|error)/);
    const again = await sock(attacker.user_token);
    expect(await emitAck(again, 'item:join', { item_id: pubItem })).toMatchObject({ ok: true });
  });

  it('rooms are authorised from the page, whatever item or password the payload names', async () => {
    const s = await sock(attacker.user_token);
    expect(await emitAck(s, 'page:join', { page_id: privPage, item_id: pubItem, mode: 'read' })).toMatchObject({ ok: false, error_code: 10307 });
    expect(await emitAck(s, 'page:join', { page_id: privPage, mode: 'read', _item_pwd: { $ne: null } })).toMatchObject({ ok: false });
    expect(await emitAck(s, 'page:join', { page_id: privPage, mode: 'read', _item_pwd: '' })).toMatchObject({ ok: false });
    // a read-only member of the public item may read but not lock
    expect(await emitAck(s, 'page:join', { page_id: pubPage, mode: 'read' })).toMatchObject({ ok: true });
    expect(await emitAck(s, 'page:lock', { page_id: pubPage, exclusive: true })).toMatchObject({ ok: false, error_code: 10103 });
    expect(await app.deps.db.select().from(pageLocks).where(eq(pageLocks.pageId, pubPage))).toEqual([]);
  });

  it('a member limited to one catalog cannot join pages of another, live or through collab', async () => {
    const s = await sock(limited.user_token);
    expect(await emitAck(s, 'page:join', { page_id: limitedPage, mode: 'read' })).toMatchObject({ ok: false, error_code: 10103 });
    expect(await emitAck(s, 'page:join', { page_id: limitedPage, mode: 'edit' })).toMatchObject({ ok: false });
    const collab = await rawWs(`/collab/page.${limitedPage}?user_token=${limited.user_token}`);
    expect(collab).toMatchObject({ code: 4403 });
  });
});

describe('collab document names and messages', () => {
  it('names that are not page.<id> close with 4404 and store nothing', async () => {
    const names = [`page.${privPage} OR 1=1`, `page.${privPage}'`, `..%2Fpage.${privPage}`, 'page.99999999999', 'page.-1', 'item.1', `page.${'9'.repeat(5000)}`, '%00', 'page.1%0d%0a'];
    for (const n of names) {
      const r = await rawWs(`/collab/${n}?user_token=${owner.user_token}`);
      expect(r.code, n).toBe(4404);
    }
    expect(await app.deps.db.select().from(docSnapshots).where(like(docSnapshots.docName, '%OR%'))).toEqual([]);
  });

  it('a stranger’s token in the URL next to the owner’s cookie is the stranger', async () => {
    const r = await rawWs(`/collab/page.${privPage}?user_token=${attacker.user_token}`, { Cookie: `cookie_token=${owner.user_token}` });
    expect(r.code).toBe(4403);
  });

  it('a message over the collab limit closes that connection (1009) and is not stored', async () => {
    const before = (await app.deps.db.select().from(docUpdates).where(eq(docUpdates.docName, `page.${pubPage}`))).length;
    const r = await rawWs(`/collab/page.${pubPage}?user_token=${owner.user_token}`, {}, (ws) => ws.send(Buffer.alloc(3 * 1024 * 1024, 1)));
    expect(r.code).toBe(1009);
    const after = (await app.deps.db.select().from(docUpdates).where(eq(docUpdates.docName, `page.${pubPage}`))).length;
    expect(after).toBe(before);
    // garbage that fits the limit is not a valid Yjs message: dropped or closed, never stored, server fine
    const g = await rawWs(`/collab/page.${pubPage}?user_token=${owner.user_token}`, {}, (ws) => {
      ws.send(Buffer.from([0, 2, 255, 255, 255, 255, 255, 1, 2, 3]));
      setTimeout(() => ws.close(1000), 300);
    });
    expect([1000, 1002, 1003, 1007, 1011, 4400]).toContain(g.code);
    expect((await app.deps.db.select().from(docUpdates).where(eq(docUpdates.docName, `page.${pubPage}`))).length).toBe(before);
    const s = await sock(owner.user_token);
    expect(await emitAck(s, 'item:join', { item_id: privItem })).toMatchObject({ ok: true });
  });
});

describe('item passwords sent over sockets', () => {
  it('wrong _item_pwd values are counted with the HTTP ones; past the limit even the right one is refused', async () => {
    const guarded = await seedItem(app.deps.db, owner, { password: await hashItemPassword('sock-pw') });
    const guardedPage = await seedPage(app.deps.db, guarded, 'guarded');
    const s = await sock(attacker.user_token);
    expect(await emitAck(s, 'item:join', { item_id: guarded, _item_pwd: 'sock-pw' })).toMatchObject({ ok: true });
    for (let i = 0; i < ITEM_PASSWORD_FAILURES_BEFORE_CAPTCHA; i++) {
      expect(await emitAck(s, 'item:join', { item_id: guarded, _item_pwd: `guess-${i}` })).toMatchObject({ ok: false, error_code: 10307 });
    }
    expect(await emitAck(s, 'page:join', { page_id: guardedPage, mode: 'read', _item_pwd: 'sock-pw' })).toMatchObject({ ok: false, error_code: 10429 });
    const collab = await rawWs(`/collab/page.${guardedPage}?user_token=${attacker.user_token}&_item_pwd=sock-pw`);
    expect(collab).toMatchObject({ code: 4429 });
    const http = await app.call('page/info', { page_id: guardedPage, _item_pwd: 'sock-pw' });
    expect(http.error_code).toBe(10429);
    // the owner is not affected
    const o = await sock(owner.user_token);
    expect(await emitAck(o, 'page:join', { page_id: guardedPage, mode: 'read', _item_pwd: 'nope' })).toMatchObject({ ok: true });
  });
});

