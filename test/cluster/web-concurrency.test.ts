// WEB_CONCURRENCY=2: one `server/main.ts` forks two API processes sharing the port, on one
// PostgreSQL and one Redis. Both serve; co-editors landing on different processes converge;
// Socket.IO speaks WebSocket only (long-polling would need sticky sessions); a process that dies
// is replaced, also after replacements failed for a while; SIGTERM stops them all; processes that
// cannot start at all stop the server.
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedItem, seedPage, connectEditor, connectSocket, emitAck, synced, until, type Editor } from '../helpers/realtime';
import { clusterDatabase, createUserWithToken, freePort, startNode, startRedis, type ClusterUser, type LocalRedis, type ServerProcess } from '../helpers/cluster';
import type { TestDatabase } from '../helpers/db';

let db: TestDatabase;
let redis: LocalRedis;
let server: ServerProcess;
let ann: ClusterUser;
let itemId: number;
const editors: Editor[] = [];

/** pids of the API processes that said they were serving, in order */
const servingPids = () => [...server.output().matchAll(/Quire is serving on \S+ .*pid=(\d+)/g)].map((m) => Number(m[1]));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** user + system CPU time of a process, in clock ticks */
const cpuTicks = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
/** the app shell on a new connection each time: served without the database */
const shellOnNewConnection = () =>
  new Promise<number>((resolve, reject) => {
    const req = http.request(`${server.url}/item/index`, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
/** item/info on a new connection each time, so the primary hands each to the next process */
const infoOnNewConnection = (token: string) =>
  new Promise<number>((resolve, reject) => {
    const body = new URLSearchParams({ item_id: String(itemId) }).toString();
    const req = http.request(`${server.url}/api/item/info`, { method: 'POST', agent: false, headers: { 'x-api-token': token, 'content-type': 'application/x-www-form-urlencoded', connection: 'close' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(JSON.parse(text).error_code));
    });
    req.on('error', reject);
    req.end(body);
  });

beforeAll(async () => {
  db = await clusterDatabase();
  redis = await startRedis();
  server = await startNode({ DATABASE_URL: db.url!, REDIS_URL: redis.url, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' }, { startTimeoutMs: 60_000 });
  await until(() => servingPids().length === 2, 'two API processes serving', 60_000);
  ann = await createUserWithToken(db, 'wc_ann');
  itemId = await seedItem(db.db, ann);
}, 120_000);

afterAll(async () => {
  editors.forEach((e) => e.destroy());
  await server?.kill();
  await redis?.stop();
  await db?.drop();
});

describe('WEB_CONCURRENCY=2', () => {
  it('forks two API processes and both take requests', async () => {
    const pids = servingPids();
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(server.proc.pid);
    const before = pids.map(cpuTicks);
    for (let i = 0; i < 300; i++) expect(await infoOnNewConnection(ann.user_token)).toBe(0);
    const used = pids.map((pid, i) => cpuTicks(pid) - before[i]);
    // ~150 requests each; an idle process uses 0–1 tick in this time
    for (const ticks of used) expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it('co-editors on the shared port converge, and Socket.IO speaks WebSocket only', async () => {
    const pageId = await seedPage(db.db, itemId, 'shared');
    const a = connectEditor(server.url, `page.${pageId}`, ann.user_token);
    const b = connectEditor(server.url, `page.${pageId}`, ann.user_token);
    editors.push(a, b);
    await Promise.all([synced(a), synced(b)]);
    for (let i = 0; i < 10; i++) {
      a.text.insert(a.text.length, `a${i} `);
      b.text.insert(0, `b${i} `);
    }
    await until(() => a.text.toString() === b.text.toString() && (a.text.toString().match(/[ab]\d+ /g) ?? []).length === 20, 'convergence', 15_000);

    const s = await connectSocket(server.url, ann.user_token);
    expect((await emitAck(s, 'item:join', { item_id: itemId })).ok).toBe(true);
    s.disconnect();
    const poll = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: server.url } });
    expect(poll.status).toBe(400);
    await poll.arrayBuffer();
  });

  it('replaces a process that dies, and keeps serving meanwhile', async () => {
    const [victim, survivor] = servingPids();
    process.kill(victim, 'SIGKILL');
    await until(() => !alive(victim), 'killed', 5_000);
    for (let i = 0; i < 20; i++) expect(await infoOnNewConnection(ann.user_token)).toBe(0);
    await until(() => servingPids().length === 3, 'a new process serving', 60_000);
    const replacement = servingPids()[2];
    expect([victim, survivor]).not.toContain(replacement);
    expect(server.output()).toContain('an API process exited; starting another');
    expect(alive(survivor) && alive(replacement)).toBe(true);
  });

  it('keeps serving while a replacement cannot start, and replaces it once it can', async () => {
    const dbName = new URL(db.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const [victim, survivor] = servingPids().slice(-2);
    try {
      // new connections refused (open ones stay): a replacement fails at its migration
      await admin.query(`alter database ${dbName} allow_connections false`);
      process.kill(victim, 'SIGKILL');
      await until(() => (server.output().match(/database migration failed/g) ?? []).length >= 2, 'replacements failing', 90_000);
      expect(server.proc.exitCode).toBeNull();
      expect(alive(survivor)).toBe(true);
      // the survivor answers every connection (its pooled database connections may have idled
      // out, so only what needs no new database connection is asked of it here)
      for (let i = 0; i < 10; i++) expect(await shellOnNewConnection()).toBe(200);
    } finally {
      await admin.query(`alter database ${dbName} allow_connections true`);
      await admin.end();
    }
    const before = servingPids().length;
    await until(() => servingPids().length === before + 1, 'a replacement serving again', 30_000);
    // both processes reach the database again
    for (let i = 0; i < 10; i++) expect(await infoOnNewConnection(ann.user_token)).toBe(0);
    // its waits (90 s for two failed replacements, 30 s for the next) need more than the default 60 s
  }, 180_000);

  it('SIGHUP restarts the processes one at a time while requests keep being answered', async () => {
    const old = servingPids().slice(-2);
    const results: number[] = [];
    let restarting = true;
    const load = (async () => {
      while (restarting) results.push(await infoOnNewConnection(ann.user_token).catch(() => -1));
    })();
    server.proc.kill('SIGHUP');
    await until(() => server.output().includes('rolling restart done'), 'rolling restart', 90_000);
    restarting = false;
    await load;
    const fresh = servingPids().slice(-2);
    expect(fresh.some((pid) => old.includes(pid))).toBe(false);
    for (const pid of old) expect(alive(pid)).toBe(false);
    for (const pid of fresh) expect(alive(pid)).toBe(true);
    expect(results.length).toBeGreaterThan(20);
    expect(results.filter((code) => code !== 0)).toEqual([]);
  }, 120_000);

  it('SIGTERM stops every process; the server exits 0', async () => {
    const pids = servingPids().slice(-2);
    const exited = new Promise<number | null>((r) => server.proc.once('exit', (code) => r(code)));
    server.proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it('stops with an error when the API processes cannot start', async () => {
    const nothing = await freePort();
    const failing = await startNode({ DATABASE_URL: `postgres://app@127.0.0.1:${nothing}/none`, REDIS_URL: redis.url, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(failing).toMatch(/quire: database migration failed: connect ECONNREFUSED/);
    expect(failing).toMatch(/an API process failed to start; stopping/);
  });
});
