// A site announcement reaches every signed-in socket live, in each socket's language, with real
// Socket.IO clients; anonymous sockets get none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as ioClient, type Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../helpers/app';
import { connectSocket, emitAck, seedItem, until } from '../helpers/realtime';

let app: TestApp;
type U = { uid: number; user_token: string; username: string };
let boss: U, ann: U;
let itemId: number;
const sockets: Socket[] = [];

function zhSocket(token: string): Promise<Socket> {
  const s = ioClient(app.url, { path: '/socket.io', transports: ['websocket'], auth: { token }, extraHeaders: { 'Accept-Language': 'zh-CN' }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

beforeAll(async () => {
  app = await startTestApp({ realtime: true });
  boss = await app.register('live_boss'); // the first account is the administrator
  ann = await app.register('live_ann');
  itemId = await seedItem(app.deps.db, boss);
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await app.close();
});

describe('announcement push', () => {
  it('pushes a new announcement to every signed-in socket in its language, not to anonymous ones', async () => {
    const annEn = await connectSocket(app.url, ann.user_token);
    const annZh = await zhSocket(ann.user_token);
    const bossSock = await connectSocket(app.url, boss.user_token);
    const anon = await connectSocket(app.url);
    sockets.push(annEn, annZh, bossSock, anon);
    const got = new Map<Socket, any[]>();
    for (const s of [annEn, annZh, bossSock, anon]) {
      got.set(s, []);
      s.on('announcement', (p) => got.get(s)!.push(p));
    }
    expect(await emitAck(anon, 'item:join', { item_id: itemId })).toMatchObject({ ok: true });
    const anonChanged: unknown[] = [];
    anon.on('item:changed', (p) => anonChanged.push(p));

    const r = await app.call('adminMessage/addAnnouncement', { message_content: 'Upgrade at 22:00\nSave your work' }, { token: boss.user_token });
    expect(r.error_code).toBe(0);
    await until(() => [annEn, annZh, bossSock].every((s) => got.get(s)!.length === 1), 'the announcement reached every signed-in socket');
    expect(got.get(annEn)![0]).toMatchObject({ notice_id: r.data.id, notice_title: 'Announcement' });
    expect(got.get(annEn)![0].notice_content).toBe('Upgrade at 22:00<br>\nSave your work');
    expect(got.get(annZh)![0].notice_title).toBe('系统公告');

    // the gateway sends an announcement to all sockets in one loop, so one meant for the anonymous
    // socket would be queued there before this later event
    app.deps.events.emit('item.changed', { itemId });
    await until(() => anonChanged.length === 1, 'the anonymous socket heard the later event');
    expect(got.get(anon)).toEqual([]);
  });
});
