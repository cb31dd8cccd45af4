// Scale-out fixtures: a fresh PostgreSQL database shared by several real server processes,
// a private Redis server we can stop and start, and users/tokens written straight into the DB.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './db';
import { users } from '../../server/db/schema';
import { issueToken } from '../../server/auth/tokens';
import { builtServer } from './serverBuild';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitForPort(port: number, timeout = 60_000, host = '127.0.0.1'): Promise<void> {
  const start = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect(port, host, () => (s.end(), r(true)));
      s.on('error', () => r(false));
    });
    if (ok) return;
    if (Date.now() - start > timeout) throw new Error(`port ${port} did not open`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ServerProcess {
  url: string;
  port: number;
  proc: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  port?: number;
  /** how long the port may take to open */
  startTimeoutMs?: number;
  /**
   * wait this long after the port opened and check the process still runs: another process may
   * have taken the free port in between (suites share the machine), and then ours exits
   */
  settleMs?: number;
}

export async function startNode(env: Record<string, string>, opts: StartOptions = {}): Promise<ServerProcess> {
  const p = opts.port ?? (await freePort());
  // env.HOST: another loopback address (the CSRF suite serves on 127.0.0.2 under a non-localhost name)
  const host = env.HOST ?? '127.0.0.1';
  let out = '';
  const proc = spawn(process.execPath, [builtServer().server], {
    env: { ...process.env, NODE_ENV: 'test', QUIRE_TEST_FAST_HASH: '1', LOG_LEVEL: 'warn', PORT: String(p), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  try {
    await Promise.race([waitForPort(p, opts.startTimeoutMs, host), exited.then(() => Promise.reject(new Error(`server exited: ${out}`)))]);
    if (opts.settleMs) {
      await new Promise((r) => setTimeout(r, opts.settleMs));
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`server exited: ${out}`);
    }
  } catch (e) {
    proc.kill('SIGKILL');
    throw e;
  }
  return {
    url: `http://${host}:${p}`,
    port: p,
    proc,
    output: () => out,
    kill: async (signal = 'SIGTERM') => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill(signal);
      await exited;
    },
  };
}

export interface LocalRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A Redis server of our own (so a test can take it away), on a free loopback port. */
export async function startRedis(): Promise<LocalRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-redis-'));
  let proc: ChildProcess | null = null;
  const start = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    await waitForPort(port);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: async () => {
      const p = proc;
      if (!p || p.exitCode !== null) return;
      const gone = new Promise<void>((r) => p.once('exit', () => r()));
      p.kill('SIGKILL');
      await gone;
    },
  };
}

/** A `npm run workers` process (workers/main.ts) a test started. */
export interface WorkersProcess {
  proc: ChildProcess;
  /** its exit code once it ended (null: ended by a signal) */
  exited: Promise<number | null>;
  /** what it printed so far (stdout and stderr) */
  output(): string;
}

const startedWorkers = new Set<WorkersProcess>();

/**
 * Starts `npm run workers` with NODE_ENV=test, LOG_LEVEL=info and `env` (DATABASE_URL, REDIS_URL,
 * DATA_DIR…). stopAllWorkers() ends the ones a test left running.
 */
export function startWorkers(env: Record<string, string>): WorkersProcess {
  let out = '';
  const proc = spawn(process.execPath, [builtServer().workers], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  const w: WorkersProcess = { proc, exited, output: () => out };
  startedWorkers.add(w);
  void exited.then(() => startedWorkers.delete(w));
  return w;
}

/** Stops a workers process as an operator would (SIGTERM: its runs hand their jobs back), unless it already ended. */
export async function stopWorkers(w: WorkersProcess): Promise<void> {
  if (w.proc.exitCode === null && w.proc.signalCode === null) w.proc.kill('SIGTERM');
  await w.exited;
}

/** For afterAll: stops every workers process still running. */
export async function stopAllWorkers(): Promise<void> {
  await Promise.all([...startedWorkers].map(stopWorkers));
}

/**
 * Waits until cond() holds, polling every 50 ms. `what` says what was awaited when it times out;
 * give a function to read a process's output at that moment rather than when the wait began.
 */
export async function until(cond: () => boolean | Promise<boolean>, what: string | (() => string), timeout = 90_000): Promise<void> {
  const start = Date.now();
  while (!(await cond())) {
    if (Date.now() - start > timeout) throw new Error(`timed out: ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ClusterUser {
  uid: number;
  username: string;
  user_token: string;
}

export async function createUserWithToken(db: TestDatabase, username: string, groupid = 2): Promise<ClusterUser> {
  const [u] = await db.db.insert(users).values({ username, password: 'x', groupid, regTime: 1 }).returning();
  const token = await issueToken(db.db, u.uid, Math.floor(Date.now() / 1000), 1, '127.0.0.1');
  return { uid: u.uid, username, user_token: token };
}


export async function clusterDatabase(): Promise<TestDatabase> {
  return createTestDatabase();
}

/** One database, one Redis and two app processes on them; n1/n2 may be replaced (restarts), stop() ends the current ones. */
export interface TwoProcesses {
  db: TestDatabase;
  redis: LocalRedis;
  env: Record<string, string>;
  n1: ServerProcess;
  n2: ServerProcess;
  stop(): Promise<void>;
}

export async function startTwoProcesses(extraEnv: Record<string, string> = {}): Promise<TwoProcesses> {
  const db = await clusterDatabase();
  const redis = await startRedis();
  const env = { DATABASE_URL: db.url!, REDIS_URL: redis.url, ...extraEnv };
  const [n1, n2] = await Promise.all([startNode(env), startNode(env)]);
  const cluster: TwoProcesses = {
    db,
    redis,
    env,
    n1,
    n2,
    stop: async () => {
      await Promise.all([cluster.n1.kill(), cluster.n2.kill()]);
      await redis.stop();
      await db.drop();
    },
  };
  return cluster;
}
