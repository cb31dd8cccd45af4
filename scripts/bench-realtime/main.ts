// Realtime budgets of DESIGN.md §7, measured against a real server process:
//  - 50 editors on one page, each making 5 edits/s: fan-out latency (edit made → edit seen by
//    every other editor) p50/p95, and convergence of full replicas. Editors are protocol-level
//    clients (thinEditor.ts): the bench's own two cores cannot also run fifty browsers' Yjs work;
//    a few full Yjs replicas (y-websocket, as the browser uses) check delivery and convergence;
//  - 1,000 idle Socket.IO connections: server RSS.
// Runs on PGlite (temp data dir), and on PostgreSQL too when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names a server (a fresh database is created there).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as ioClient, type Socket } from 'socket.io-client';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { createLogger } from '../../server/logger';
import { SERVER_ENTRY, buildServer } from '../buildServer.mjs';
import { itemMembers, items, pages, users } from '../../server/db/schema';
import { issueToken } from '../../server/auth/tokens';
import type { ChildMessage, EditorsConfig } from './editors';
import { rssBudgetFor } from '../bench/budgets';

const here = path.dirname(fileURLToPath(import.meta.url));

process.setMaxListeners(0);

const EDITORS = Number(process.env.BENCH_EDITORS ?? 50);
const EDITS_PER_SECOND = 5;
const EDIT_SECONDS = Number(process.env.BENCH_EDIT_SECONDS ?? 10);
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 1000);
const SOCKETS_PER_USER = 20; // below the per-user cap of the gateway
/** DESIGN §7 in PostgreSQL mode; embedded mode within half of it (twice the latency, see rssBudgetFor) */
const fanoutBudgetMs = (mode: Mode) => (mode === 'postgres' ? 50 : 100);
const idleRssBudgetMb = (mode: Mode) => rssBudgetFor(mode);

type Mode = 'pglite' | 'postgres';

interface Seeded {
  itemId: number;
  pageId: number;
  tokens: string[];
}

interface Result {
  mode: Mode;
  edits: number;
  deliveries: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  converged: boolean;
  rssBaseMb: number;
  rssEditMb: number;
  rssIdleMb: number;
  idleConnected: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForPort(port: number, proc: ChildProcess, out: () => string): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${out()}`);
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect(port, '127.0.0.1', () => (s.end(), r(true)));
      s.on('error', () => r(false));
    });
    if (ok) return;
    if (Date.now() - start > 60_000) throw new Error(`server did not listen: ${out()}`);
    await sleep(100);
  }
}

async function seed(dbEnv: { databaseUrl?: string; dataDir?: string }, userCount: number): Promise<Seeded> {
  const log = createLogger('warn');
  const database = await openDatabase({ databaseUrl: dbEnv.databaseUrl, pgliteDir: dbEnv.dataDir ? path.join(dbEnv.dataDir, 'db') : null, log });
  await migrateDatabase(database);
  const { db } = database;
  const now = Math.floor(Date.now() / 1000);
  const [owner] = await db.insert(users).values({ username: 'bench_owner', password: 'x', groupid: 2, regTime: now }).returning();
  const [item] = await db
    .insert(items)
    .values({ itemName: 'Bench item', uid: owner.uid, username: owner.username, addtime: now, lastUpdateTime: now })
    .returning({ id: items.itemId });
  const [page] = await db
    .insert(pages)
    .values({ itemId: item.id, pageTitle: 'Bench page', pageContent: '# Bench\n', addtime: now, pageAddtime: now })
    .returning({ id: pages.pageId });
  const tokens: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const [u] = await db.insert(users).values({ username: `bench_${i}`, password: 'x', groupid: 2, regTime: now }).returning();
    await db.insert(itemMembers).values({ itemId: item.id, uid: u.uid, username: u.username, memberGroupId: 1, catId: 0, addtime: now });
    tokens.push(await issueToken(db, u.uid, now, 1, '127.0.0.1'));
  }
  await database.close();
  return { itemId: item.id, pageId: page.id, tokens };
}

async function startServer(env: Record<string, string>): Promise<{ url: string; proc: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  let out = '';
  // the server as `npm start` runs it (scripts/buildServer.mjs)
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  await waitForPort(port, proc, () => out);
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    stop: async () => {
      if (proc.exitCode !== null) return;
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      await gone;
    },
  };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
/** full Yjs replicas that check every edit arrives and all agree (per client process) */
const OBSERVERS_PER_PROCESS = Number(process.env.BENCH_OBSERVERS ?? 2);

/** Waits for the next message of a given type from a child. */
function nextMessage<T extends ChildMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: ChildMessage) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as Extract<ChildMessage, { type: T }>);
    };
    const onExit = (code: number) => reject(new Error(`bench editors process exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function coEditing(url: string, seeded: Seeded): Promise<Pick<Result, 'edits' | 'deliveries' | 'p50' | 'p95' | 'p99' | 'max' | 'converged'>> {
  const docName = `page.${seeded.pageId}`;
  const all = seeded.tokens.slice(0, EDITORS).map((t, i) => [i, t] as [number, string]);
  const children = Array.from({ length: CLIENT_PROCESSES }, (_, k) => {
    const child = fork(path.join(here, 'editors.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const cfg: EditorsConfig = {
      url,
      docName,
      editors: all.filter((_, i) => i % CLIENT_PROCESSES === k),
      observers: seeded.tokens.slice(EDITORS + k * OBSERVERS_PER_PROCESS, EDITORS + (k + 1) * OBSERVERS_PER_PROCESS),
      editsPerSecond: EDITS_PER_SECOND,
      seconds: EDIT_SECONDS,
    };
    child.send(cfg);
    return child;
  });
  await Promise.all(children.map((c) => nextMessage(c, 'ready')));
  const at = Date.now() + 200;
  children.forEach((c) => c.send({ at }));
  const done = await Promise.all(children.map((c) => nextMessage(c, 'done')));
  const edits = done.reduce((n, d) => n + d.edits, 0);
  const reports = children.map((c) => nextMessage(c, 'report'));
  children.forEach((c) => c.send({ total: edits }));
  const results = await Promise.all(reports);
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const converged = results.every((r) => r.converged && r.hash === results[0].hash);
  if (!converged) process.stderr.write(`not converged: ${edits} edits made; marks per process: ${results.map((r) => r.marks).join(', ')}\n`);
  return {
    edits,
    deliveries: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    converged,
  };
}

async function idleSockets(url: string, seeded: Seeded): Promise<{ sockets: Socket[]; connected: number }> {
  const sockets: Socket[] = [];
  let connected = 0;
  const batch = 50;
  for (let i = 0; i < IDLE_SOCKETS; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, IDLE_SOCKETS - i) }, (_, j) => {
        const token = seeded.tokens[Math.floor((i + j) / SOCKETS_PER_USER) % seeded.tokens.length];
        const s = ioClient(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
        sockets.push(s);
        return new Promise<void>((resolve) => {
          s.once('connect', () => {
            connected++;
            s.emit('item:join', { item_id: seeded.itemId }, () => resolve());
            setTimeout(resolve, 5000);
          });
          s.once('connect_error', () => resolve());
        });
      }),
    );
  }
  return { sockets, connected };
}

async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quire_bench_rt_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function runMode(mode: Mode): Promise<Result> {
  const userCount = Math.max(EDITORS + CLIENT_PROCESSES * OBSERVERS_PER_PROCESS, Math.ceil(IDLE_SOCKETS / SOCKETS_PER_USER));
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let seeded: Seeded;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-bench-rt-'));
  if (mode === 'postgres') {
    const pgDb = await createPgDatabase((process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL)!);
    seeded = await seed({ databaseUrl: pgDb.url }, userCount);
    env = { DATABASE_URL: pgDb.url, DATA_DIR: dataDir };
    cleanup = async () => {
      await pgDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  } else {
    seeded = await seed({ dataDir }, userCount);
    env = { DATA_DIR: dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const server = await startServer(env);
  try {
    await sleep(500);
    const rssBaseMb = rssMb(server.proc.pid!);
    const edit = await coEditing(server.url, seeded);
    const rssEditMb = rssMb(server.proc.pid!);
    const idle = await idleSockets(server.url, seeded);
    await sleep(2000);
    const rssIdleMb = rssMb(server.proc.pid!);
    for (const s of idle.sockets) s.disconnect();
    return { mode, ...edit, rssBaseMb, rssEditMb, rssIdleMb, idleConnected: idle.connected };
  } finally {
    await server.stop();
    await cleanup();
  }
}

function table(results: Result[]): string {
  const ok = (b: boolean) => (b ? 'pass' : 'FAIL');
  const rows = [
    '| realtime | ' + results.map((r) => r.mode).join(' | ') + ' | budget |',
    '|---|' + results.map(() => '---').join('|') + '|---|',
    `| edits made (${EDITORS} editors × ${EDITS_PER_SECOND}/s × ${EDIT_SECONDS} s) | ${results.map((r) => r.edits).join(' | ')} | |`,
    `| deliveries measured | ${results.map((r) => r.deliveries).join(' | ')} | |`,
    `| fan-out p50 ms | ${results.map((r) => r.p50).join(' | ')} | |`,
    `| fan-out p95 ms (budget pglite / postgres) | ${results.map((r) => `${r.p95} (${ok(r.p95 <= fanoutBudgetMs(r.mode))})`).join(' | ')} | ≤ ${fanoutBudgetMs('pglite')} / ${fanoutBudgetMs('postgres')} |`,
    `| fan-out p99 / max ms | ${results.map((r) => `${r.p99} / ${r.max}`).join(' | ')} | |`,
    `| ${CLIENT_PROCESSES * OBSERVERS_PER_PROCESS} full replicas hold every edit and agree | ${results.map((r) => ok(r.converged)).join(' | ')} | yes |`,
    `| server RSS idle start MB | ${results.map((r) => r.rssBaseMb).join(' | ')} | |`,
    `| server RSS after co-editing MB | ${results.map((r) => `${r.rssEditMb} (${ok(r.rssEditMb <= idleRssBudgetMb(r.mode))})`).join(' | ')} | ≤ ${idleRssBudgetMb('pglite')} / ${idleRssBudgetMb('postgres')} |`,
    `| ${IDLE_SOCKETS} idle sockets: connected | ${results.map((r) => r.idleConnected).join(' | ')} | ${IDLE_SOCKETS} |`,
    `| ${IDLE_SOCKETS} idle sockets: server RSS MB | ${results.map((r) => `${r.rssIdleMb} (${ok(r.rssIdleMb <= idleRssBudgetMb(r.mode) && r.idleConnected === IDLE_SOCKETS)})`).join(' | ')} | ≤ ${idleRssBudgetMb('pglite')} / ${idleRssBudgetMb('postgres')} |`,
  ];
  return rows.join('\n');
}

async function main(): Promise<void> {
  const modes: Mode[] = ['pglite'];
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) modes.push('postgres');
  const results: Result[] = [];
  buildServer();
  for (const m of modes) {
    process.stderr.write(`realtime bench: ${m}…\n`);
    results.push(await runMode(m));
  }
  process.stdout.write(table(results) + '\n');
  process.exit(0);
}

main().catch((e) => {
  process.stderr.write(`realtime bench failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
