// Stopping and database outages, with a real server process on PostgreSQL: SIGTERM under 50 busy
// keep-alive clients finishes every request that started before the signal and resets none; a
// database that goes away answers 503 with Retry-After (never 500), logs the cause and not the
// page text, and the same process serves again once the database is back; /healthz and /readyz
// say so.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedItem, seedPage } from '../helpers/realtime';
import { clusterDatabase, createUserWithToken, startNode, until, type ClusterUser, type ServerProcess } from '../helpers/cluster';
import { startTcpProxy, type TcpProxy } from '../helpers/tcpProxy';
import { getJson, post, type Outcome } from '../helpers/rawHttp';
import type { TestDatabase } from '../helpers/db';
import { pages } from '../../server/db/schema';

let db: TestDatabase;
let ann: ClusterUser;
let itemId: number;
let pageId: number;

beforeAll(async () => {
  db = await clusterDatabase();
  ann = await createUserWithToken(db, 'sd_ann');
  itemId = await seedItem(db.db, ann);
  pageId = await seedPage(db.db, itemId, 'first');
}, 120_000);

afterAll(async () => {
  await db?.drop();
});

describe('SIGTERM', () => {
  it('under 50 keep-alive clients: every request started before the signal completes, none is reset, exit 0', async () => {
    const server = await startNode({ DATABASE_URL: db.url!, SHUTDOWN_GRACE_MS: '15000', LOG_LEVEL: 'info' }, { startTimeoutMs: 60_000 });
    const outcomes: Outcome[] = [];
    const savedTexts: string[] = [];
    let signalAt = Infinity;
    let refused = 0;
    const client = async (n: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; ; i++) {
        const text = `client ${n} save ${i} ` + 'x'.repeat(20_000);
        const o = n % 2 ? await post(server.url, 'page/save', ann.user_token, { page_id: String(pageId), item_id: String(itemId), page_title: 'Live page', page_content: text }, agent) : await post(server.url, 'item/info', ann.user_token, { item_id: String(itemId) }, agent);
        if (o.failure === 'ECONNREFUSED' && o.startedAt >= signalAt) {
          refused++;
          break;
        }
        outcomes.push(o);
        if (n % 2 && o.errorCode === 0) savedTexts.push(text);
        if (o.failure && o.startedAt >= signalAt) break;
      }
      agent.destroy();
    };
    const exit = new Promise<{ code: number | null; at: number }>((r) => server.proc.once('exit', (code) => r({ code, at: Date.now() })));
    const clients = Array.from({ length: 50 }, (_, n) => client(n));
    await until(() => outcomes.length >= 300, 'load going');
    signalAt = Date.now();
    server.proc.kill('SIGTERM');
    await Promise.all(clients);
    const { code, at } = await exit;

    const before = outcomes.filter((o) => o.startedAt < signalAt);
    expect(before.length).toBeGreaterThanOrEqual(300);
    expect(before.filter((o) => o.failure || o.status !== 200 || o.errorCode !== 0)).toEqual([]);
    // after the signal: answered, or refused as a new connection; never reset or cut off
    expect(outcomes.filter((o) => o.failure)).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(at - signalAt).toBeLessThan(15_000);
    expect(server.output()).toContain('shutting down: finishing running requests');
    // the last acknowledged save is the stored page
    const [row] = await db.db.select({ content: pages.pageContent }).from(pages).where(eq(pages.pageId, pageId));
    expect(savedTexts).toContain(row.content);
  }, 90_000);
});

describe('the database away', () => {
  let proxy: TcpProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    const target = new URL(db.url!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(db.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startNode({ DATABASE_URL: viaProxy.toString(), LOG_LEVEL: 'info' }, { startTimeoutMs: 60_000 });
  }, 90_000);

  afterAll(async () => {
    await server?.kill();
    await proxy?.close();
  });

  it('answers 503 with Retry-After while it is away, logs the cause without the page text, and recovers by itself', async () => {
    const save = (text: string) => post(server.url, 'page/save', ann.user_token, { page_id: String(pageId), item_id: String(itemId), page_title: 'Live page', page_content: text }, false);
    expect((await save('before the outage')).errorCode).toBe(0);
    expect(await getJson(`${server.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready', database: 'ok', redis: 'off' } });

    await proxy.stop();
    const during: Outcome[] = [];
    for (let i = 0; i < 5; i++) during.push(await save(`DURING-OUTAGE-${i} secret text`));
    for (const o of during) {
      expect(o).toMatchObject({ status: 503, errorCode: 10503 });
      expect(Number(o.headers?.['retry-after'])).toBeGreaterThan(0);
    }
    const info = await post(server.url, 'item/info', ann.user_token, { item_id: String(itemId) }, false);
    expect(info).toMatchObject({ status: 503, errorCode: 10503 });
    expect((await getJson(`${server.url}/healthz`)).status).toBe(200);
    expect(await getJson(`${server.url}/readyz`)).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'down' } });
    expect(server.output()).toMatch(/database unavailable; answered 503 .*cause="(connection refused|connection lost|connect timeout)"/);
    expect(server.output()).not.toContain('DURING-OUTAGE');
    expect(server.output()).not.toContain('Internal error');

    await proxy.start();
    await until(async () => (await save('after the outage')).errorCode === 0, 'saves work again', 30_000);
    // once one save went through, every later answer is normal
    for (let i = 0; i < 5; i++) expect(await save(`after ${i}`)).toMatchObject({ status: 200, errorCode: 0 });
    expect(await getJson(`${server.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready' } });
    const [row] = await db.db.select({ content: pages.pageContent }).from(pages).where(eq(pages.pageId, pageId));
    expect(row.content).toBe('after 4');
  }, 90_000);
});
