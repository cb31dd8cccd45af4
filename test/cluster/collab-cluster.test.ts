// Two gateway processes on one PostgreSQL and one Redis: editors on different processes
// converge, presence spans processes, Redis going away degrades without loss, and kill -9
// loses nothing that another participant had already received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedItem, seedPage, addMember, connectEditor, connectSocket, emitAck, synced, until, type Editor } from '../helpers/realtime';
import * as decoding from 'lib0/decoding';
import { COLLAB_ACCESS_MESSAGE, type CollabAccess } from '../../shared/realtime';
import { createUserWithToken, startNode, startTwoProcesses, type ClusterUser, type TwoProcesses } from '../helpers/cluster';

let c: TwoProcesses;
let ann: ClusterUser;
let bob: ClusterUser;
let itemId: number;
const editors: Editor[] = [];
const track = (e: Editor) => (editors.push(e), e);

beforeAll(async () => {
  c = await startTwoProcesses();
  ann = await createUserWithToken(c.db, 'cl_ann');
  bob = await createUserWithToken(c.db, 'cl_bob');
  itemId = await seedItem(c.db.db, ann);
  await addMember(c.db.db, itemId, bob, 1);
}, 120_000);

afterAll(async () => {
  editors.forEach((e) => e.destroy());
  await c?.stop();
});

describe('two processes', () => {
  it('editors on different processes converge', async () => {
    const pageId = await seedPage(c.db.db, itemId, 'shared');
    const a = track(connectEditor(c.n1.url, `page.${pageId}`, ann.user_token));
    const b = track(connectEditor(c.n2.url, `page.${pageId}`, bob.user_token));
    await Promise.all([synced(a), synced(b)]);
    for (let i = 0; i < 20; i++) {
      a.text.insert(a.text.length, `a${i} `);
      b.text.insert(0, `b${i} `);
    }
    await until(() => a.text.toString() === b.text.toString() && (a.text.toString().match(/[ab]\d+ /g) ?? []).length === 40, 'cross-process convergence', 15_000);
  });

  it('presence in a room spans both processes', async () => {
    const sa = await connectSocket(c.n1.url, ann.user_token);
    const sb = await connectSocket(c.n2.url, bob.user_token);
    await emitAck(sa, 'item:join', { item_id: itemId });
    const joined = await emitAck(sb, 'item:join', { item_id: itemId });
    expect(joined.presence.users.map((u: any) => u.name).sort()).toEqual(['cl_ann', 'cl_bob']);
    sa.disconnect();
    sb.disconnect();
  });

  it('a lock taken on one process reaches an editor on the other at once, and its end too (issue #22)', async () => {
    const pageId = await seedPage(c.db.db, itemId, 'locked across');
    const sa = await connectSocket(c.n1.url, ann.user_token);
    const sb = await connectSocket(c.n2.url, bob.user_token);
    expect(await emitAck(sa, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
    expect(await emitAck(sb, 'page:join', { page_id: pageId, mode: 'edit' })).toMatchObject({ ok: true });
    const b = track(connectEditor(c.n2.url, `page.${pageId}`, bob.user_token));
    const told: CollabAccess[] = [];
    b.provider.messageHandlers[COLLAB_ACCESS_MESSAGE] = (_e: unknown, d: decoding.Decoder) => void told.push(JSON.parse(decoding.readVarString(d)));
    await synced(b);
    await until(() => told.at(-1)?.write === true, 'bob may write');
    expect(await emitAck(sa, 'page:lock', { page_id: pageId, exclusive: true })).toMatchObject({ ok: true });
    await until(() => told.at(-1)?.write === false, 'the lock on process 1 reaches bob on process 2');
    expect(told.at(-1)).toEqual({ write: false, reason: 'lock', holder: 'cl_ann' });
    expect(await emitAck(sa, 'page:lock', { page_id: pageId, exclusive: false })).toMatchObject({ ok: true });
    await until(() => told.at(-1)?.write === true, 'the unlock reaches bob too');
    sa.disconnect();
    sb.disconnect();
  });

  it('Socket.IO speaks WebSocket only, so no load balancer needs sticky sessions', async () => {
    const poll = await fetch(`${c.n1.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: c.n1.url } });
    expect(poll.status).toBe(400);
    expect(await poll.json()).toMatchObject({ message: 'Transport unknown' });
  });

  it('keeps working when Redis goes away and converges when it returns', async () => {
    const pageId = await seedPage(c.db.db, itemId, 'redis');
    const a = track(connectEditor(c.n1.url, `page.${pageId}`, ann.user_token));
    const b = track(connectEditor(c.n2.url, `page.${pageId}`, bob.user_token));
    await Promise.all([synced(a), synced(b)]);
    await c.redis.stop();
    a.text.insert(0, 'during-outage-A ');
    b.text.insert(b.text.length, ' during-outage-B');
    // each process still serves its own editors
    await new Promise((r) => setTimeout(r, 500));
    expect(a.text.toString()).toContain('during-outage-A');
    await c.redis.start();
    await until(() => a.text.toString() === b.text.toString() && a.text.toString().includes('during-outage-B'), 'converged after Redis returned', 20_000);
    expect(c.n1.proc.exitCode).toBeNull();
    expect(c.n2.proc.exitCode).toBeNull();
  });
});

describe('kill -9', () => {
  it('every update another participant received is in the document after restart', async () => {
    const pageId = await seedPage(c.db.db, itemId, '');
    const writer = track(connectEditor(c.n1.url, `page.${pageId}`, ann.user_token));
    const observer = track(connectEditor(c.n1.url, `page.${pageId}`, bob.user_token));
    await Promise.all([synced(writer), synced(observer)]);
    let seen = '';
    observer.text.observe(() => (seen = observer.text.toString()));
    let i = 0;
    const typing = setInterval(() => writer.text.insert(writer.text.length, `w${i++};`), 5);
    await until(() => seen.length > 200, 'observer received typing');
    c.n1.proc.kill('SIGKILL');
    await new Promise<void>((r) => c.n1.proc.once('exit', () => r()));
    clearInterval(typing);
    const acknowledged = seen;
    writer.destroy();
    observer.destroy();
    c.n1 = await startNode(c.env, { port: c.n1.port });
    // a fresh client holds nothing of its own: it sees only what the server stored
    const fresh = track(connectEditor(c.n1.url, `page.${pageId}`, bob.user_token));
    await synced(fresh);
    expect(fresh.text.toString().startsWith(acknowledged)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(200);
  });
});
