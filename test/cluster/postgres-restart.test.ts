// A real PostgreSQL restart under load (issue #24): the server is our own (test/helpers/
// postgresServer.ts), stopped with `pg_ctl stop -m fast` — which ends every session as a restart
// does — while eight clients save and read, then started again. While it is away every answer is
// 200 or 503 with a retryable code and Retry-After, never 500 and never a reset; once it is back no
// request gets 503; every acknowledged save is stored; the log names the cause and never the text.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedItem, seedPage } from '../helpers/realtime';
import { createUserWithToken, startNode, until, type ClusterUser, type ServerProcess } from '../helpers/cluster';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { startPostgresServer, type PostgresServer } from '../helpers/postgresServer';
import { getJson, post, type Outcome } from '../helpers/rawHttp';
import { pages } from '../../server/db/schema';

const CLIENTS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pgServer: PostgresServer;
let db: TestDatabase;
let server: ServerProcess;
let ann: ClusterUser;
let itemId: number;

beforeAll(async () => {
  pgServer = await startPostgresServer();
  db = await createTestDatabase(pgServer.url);
  ann = await createUserWithToken(db, 'pr_ann');
  itemId = await seedItem(db.db, ann);
  server = await startNode({ DATABASE_URL: db.url!, LOG_LEVEL: 'info' }, { startTimeoutMs: 60_000 });
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await db?.close().catch(() => {});
  await pgServer?.destroy();
});

interface Answer extends Outcome {
  endedAt: number;
  /** the text a save sent */
  text?: string;
}

describe('PostgreSQL restarted under load', () => {
  it('answers only 200 or 503 with Retry-After while it is away, no 503 once it is back, and stores every acknowledged save', async () => {
    const pageIds = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => seedPage(db.db, itemId, `client ${n} start`)));
    const answers: Answer[] = [];
    let loading = true;
    const client = async (n: number) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; loading; i++) {
        const saving = i % 2 === 0;
        const text = `SECRET-PAGE-TEXT client ${n} save ${i}`;
        const params: Record<string, string> = saving ? { item_id: String(itemId), page_id: String(pageIds[n]), page_title: `Page ${n}`, page_content: text } : { page_id: String(pageIds[n]) };
        const o = await post(server.url, saving ? 'page/save' : 'page/info', ann.user_token, params, agent);
        answers.push({ ...o, endedAt: Date.now(), text: saving ? text : undefined });
        // a client told to retry waits a little, as the web client does
        if (o.status === 503) await sleep(100);
      }
      agent.destroy();
    };
    const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
    await until(() => answers.length >= 200, 'load going', 30_000);

    const stoppedAt = Date.now();
    await pgServer.stop();
    await sleep(4000);
    await pgServer.start();
    const backAt = Date.now();
    await sleep(4000);
    loading = false;
    await Promise.all(clients);

    // never a reset, never a 500: 200, or 503 with the retryable code and Retry-After
    expect(answers.filter((a) => a.failure)).toEqual([]);
    const unusual = answers.filter((a) => !(a.status === 200 && a.errorCode === 0) && !(a.status === 503 && a.errorCode === 10503 && Number(a.headers?.['retry-after']) > 0));
    expect(unusual.map((a) => ({ status: a.status, errorCode: a.errorCode }))).toEqual([]);
    // the outage was seen, and only while the server was away
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.filter((a) => a.startedAt >= backAt)).toEqual([]);
    expect(unavailable.filter((a) => a.endedAt < stoppedAt)).toEqual([]);
    expect(answers.filter((a) => a.startedAt >= backAt && a.status === 200).length).toBeGreaterThan(CLIENTS);

    // every acknowledged save is stored: each client's page holds its last acknowledged text
    for (let n = 0; n < CLIENTS; n++) {
      const acknowledged = answers.filter((a) => a.text?.includes(`client ${n} save`) && a.errorCode === 0);
      const [row] = await db.db.select({ content: pages.pageContent }).from(pages).where(eq(pages.pageId, pageIds[n]));
      expect(row.content).toBe(acknowledged.at(-1)!.text);
    }
    // the log says why, and never what was saved
    expect(server.output()).toMatch(/database unavailable; answered 503 .*cause="[^"]+"/);
    expect(server.output()).not.toContain('SECRET-PAGE-TEXT');
    expect(server.output()).not.toContain('Internal error');
    expect(await getJson(`${server.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready', database: 'ok' } });
    expect(server.proc.exitCode).toBeNull();
  }, 120_000);
});
