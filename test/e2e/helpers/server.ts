// One real Quire process for a browser suite: temp data dir (PGlite), built client, fixed
// captcha answer so the browser can fill the code field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort, waitForPort, type ServerProcess } from '../../helpers/cluster';

export const TEST_CAPTCHA = 'test';

export interface E2EServer extends ServerProcess {
  dataDir: string;
  /** POST form-encoded to /api/<route> and return the envelope */
  api<T = any>(route: string, body?: Record<string, string | number>, token?: string): Promise<{ error_code: number; error_message?: string; data: T }>;
  stop(): Promise<void>;
}

/** Like cluster's startNode, with a start-up allowance for a busy 2-core machine (tsx compiles on start). */
async function startNode(env: Record<string, string>, startTimeoutMs = 150_000): Promise<ServerProcess> {
  const p = await freePort();
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(p), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  try {
    await Promise.race([waitForPort(p, startTimeoutMs), exited.then(() => Promise.reject(new Error(`server exited: ${out}`)))]);
    // another process may have taken the free port in between (8 suites share this machine): make
    // sure the one listening is ours and stays up
    await new Promise((r) => setTimeout(r, 500));
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`server exited: ${out}`);
  } catch (e) {
    proc.kill('SIGKILL');
    throw e;
  }
  return {
    url: `http://127.0.0.1:${p}`,
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

export async function startE2EServer(env: Record<string, string> = {}): Promise<E2EServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env);
    } catch (e) {
      if (attempt >= 3 || !/server exited|EADDRINUSE/.test(String(e))) throw e;
    }
  }
}

async function startOnce(env: Record<string, string>): Promise<E2EServer> {
  // E2E_CLIENT_DIST: a private build (several people building into dist/client at once race)
  const clientDist = path.resolve(process.env.E2E_CLIENT_DIST || 'dist/client');
  if (!fs.existsSync(path.join(clientDist, 'index.html'))) {
    throw new Error('dist/client is missing: run `npm run build` before the browser suite');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-'));
  let node: ServerProcess;
  try {
    node = await startNode({ DATA_DIR: dataDir, QUIRE_TEST_CAPTCHA: TEST_CAPTCHA, CLIENT_DIST: clientDist, ...env });
  } catch (e) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    ...node,
    dataDir,
    async api(route, body = {}, token) {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(body)) form.set(k, String(v));
      if (token) form.set('user_token', token);
      const res = await fetch(`${node.url}/api/${route}`, { method: 'POST', body: form });
      return (await res.json()) as any;
    },
    async stop() {
      await node.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
