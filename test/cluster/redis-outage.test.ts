// Redis going away under two API processes (one PostgreSQL, one Redis): no process exits, saves
// keep working, a process starts without Redis, reads are never served stale across processes
// while invalidations cannot travel, /readyz says "degraded"; and co-editors on different
// processes, typing through the outage, always converge afterwards, as does a fresh client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedItem, seedPage, addMember, connectEditor, connectSocket, emitAck, synced, type Editor } from '../helpers/realtime';
import { createUserWithToken, startNode, startTwoProcesses, until, type ClusterUser, type ServerProcess, type TwoProcesses } from '../helpers/cluster';

let c: TwoProcesses;
let ann: ClusterUser;
let bob: ClusterUser;
let itemId: number;
const editors: Editor[] = [];
const track = (e: Editor) => (editors.push(e), e);

const call = async (node: ServerProcess, action: string, token: string, params: Record<string, string | number>) => {
  const res = await fetch(`${node.url}/api/${action}`, {
    method: 'POST',
    headers: { 'x-api-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });
  return (await res.json()) as { error_code: number; data: any };
};
const ready = async (node: ServerProcess) => (await (await fetch(`${node.url}/readyz`)).json()) as { status: string; redis: string };
const running = (node: ServerProcess) => node.proc.exitCode === null && node.proc.signalCode === null;

beforeAll(async () => {
  c = await startTwoProcesses({ LOG_LEVEL: 'info' });
  ann = await createUserWithToken(c.db, 'ro_ann');
  bob = await createUserWithToken(c.db, 'ro_bob');
  itemId = await seedItem(c.db.db, ann);
  await addMember(c.db.db, itemId, bob, 1);
}, 120_000);

afterAll(async () => {
  editors.forEach((e) => e.destroy());
  await c?.stop();
});

describe('Redis away', () => {
  it('20 s away under saves and co-editing: no process exits, saves work, reads stay fresh, a new process starts, /readyz says degraded; then every editor and a fresh client have every edit', async () => {
    const pageId = await seedPage(c.db.db, itemId, 'before');
    // two co-editors on different processes type through the whole outage
    const livePage = await seedPage(c.db.db, itemId, '');
    const a = track(connectEditor(c.n1.url, `page.${livePage}`, ann.user_token));
    const b = track(connectEditor(c.n2.url, `page.${livePage}`, bob.user_token));
    await Promise.all([synced(a), synced(b)]);
    const typed: string[] = [];
    let typing = true;
    const type = async (e: Editor, who: string) => {
      for (let i = 0; typing; i++) {
        const token = `${who}${i} `;
        e.text.insert(who === 'a' ? e.text.length : 0, token);
        typed.push(token);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const both = Promise.all([type(a, 'a'), type(b, 'b')]);
    // a socket in the item's room: a save's push goes through the Socket.IO Redis adapter
    const s = await connectSocket(c.n1.url, ann.user_token);
    await emitAck(s, 'item:join', { item_id: itemId });
    // n2 has the page cached
    expect((await call(c.n2, 'page/info', ann.user_token, { page_id: pageId })).data.page_content).toBe('before');
    expect(await ready(c.n1)).toMatchObject({ status: 'ready', redis: 'ok' });

    await c.redis.stop();
    const stoppedAt = Date.now();
    let n3: ServerProcess | null = null;
    try {
      await until(async () => (await ready(c.n2)).status === 'degraded', 'n2 notices', 10_000);
      for (let i = 0; i < 3; i++) {
        expect((await call(c.n1, 'page/save', ann.user_token, { item_id: itemId, page_id: pageId, page_title: 'Live page', page_content: `during ${i}` })).error_code).toBe(0);
        // no invalidation can travel: n2 must not answer from its cache
        expect((await call(c.n2, 'page/info', ann.user_token, { page_id: pageId })).data.page_content).toBe(`during ${i}`);
      }
      await new Promise((r) => setTimeout(r, 1000));
      expect(running(c.n1) && running(c.n2)).toBe(true);
      // a process started while Redis is away serves
      n3 = await startNode({ ...c.env, LOG_LEVEL: 'info' }, { startTimeoutMs: 60_000, settleMs: 3000 });
      expect((await call(n3, 'page/info', ann.user_token, { page_id: pageId })).data.page_content).toBe('during 2');
      expect(await ready(n3)).toMatchObject({ status: 'degraded', redis: 'down' });
      expect(c.n1.output()).toContain('redis unavailable');
      // saves keep working for the rest of the 20 seconds
      for (let i = 3; Date.now() - stoppedAt < 20_000; i++) {
        expect((await call(i % 2 ? c.n1 : c.n2, 'page/save', ann.user_token, { item_id: itemId, page_id: pageId, page_title: 'Live page', page_content: `during ${i}` })).error_code).toBe(0);
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(running(c.n1) && running(c.n2) && running(n3)).toBe(true);
    } finally {
      await c.redis.start();
    }
    typing = false;
    await both;
    await until(() => a.text.toString() === b.text.toString() && typed.every((t) => a.text.toString().includes(t)), () => `editors converged (a ${a.text.length}, b ${b.text.length} chars)`, 20_000);
    for (const node of [c.n1, c.n2]) {
      const fresh = track(connectEditor(node.url, `page.${livePage}`, ann.user_token));
      await synced(fresh);
      await until(() => typed.every((t) => fresh.text.toString().includes(t)), 'a fresh client has every edit', 10_000);
    }
    await until(async () => (await ready(c.n1)).status === 'ready' && (await ready(n3!)).status === 'ready', 'ready again', 20_000);
    expect(running(c.n1) && running(c.n2) && running(n3!)).toBe(true);
    s.disconnect();
    await n3!.kill();
  }, 180_000);

  it('co-editors on different processes converge after each of 20 outages, typing through them; a fresh client sees every edit', async () => {
    const pageId = await seedPage(c.db.db, itemId, '');
    const doc = `page.${pageId}`;
    const a = track(connectEditor(c.n1.url, doc, ann.user_token));
    const b = track(connectEditor(c.n2.url, doc, bob.user_token));
    await Promise.all([synced(a), synced(b)]);
    const typed: string[] = [];
    for (let round = 0; round < 20; round++) {
      let typing = true;
      const type = async (e: Editor, who: string) => {
        for (let i = 0; typing; i++) {
          const token = `${who}${round}.${i} `;
          e.text.insert(who === 'a' ? e.text.length : 0, token);
          typed.push(token);
          await new Promise((r) => setTimeout(r, 15));
        }
      };
      const both = Promise.all([type(a, 'a'), type(b, 'b')]);
      await new Promise((r) => setTimeout(r, 200));
      await c.redis.stop();
      await new Promise((r) => setTimeout(r, 700));
      await c.redis.start();
      await new Promise((r) => setTimeout(r, 300));
      typing = false;
      await both;
      const all = (t: string) => typed.every((token) => t.includes(token));
      await until(() => a.text.toString() === b.text.toString() && all(a.text.toString()), () => `round ${round}: converged (a ${a.text.length}, b ${b.text.length} chars)`, 15_000);
    }
    expect(running(c.n1) && running(c.n2)).toBe(true);
    // fresh clients on each process load every acknowledged edit
    for (const node of [c.n1, c.n2]) {
      const fresh = track(connectEditor(node.url, doc, ann.user_token));
      await synced(fresh);
      await until(() => typed.every((token) => fresh.text.toString().includes(token)), 'fresh client has every edit', 10_000);
    }
  }, 240_000);
});
