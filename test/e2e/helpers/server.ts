// One real Quire process for a browser suite: temp data dir (PGlite), built client, fixed
// captcha answer so the browser can fill the code field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNode, type ServerProcess } from '../../helpers/cluster';
import { E2E_DATA_TEMPLATE } from './globalSetup';

export const TEST_CAPTCHA = 'test';

export interface E2EServer extends ServerProcess {
  dataDir: string;
  /** POST form-encoded to /api/<route> and return the envelope */
  api<T = any>(route: string, body?: Record<string, string | number>, token?: string): Promise<{ error_code: number; error_message?: string; data: T }>;
  stop(): Promise<void>;
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
  // a created and migrated database to start from (globalSetup), when the run made one
  if (fs.existsSync(E2E_DATA_TEMPLATE)) fs.cpSync(E2E_DATA_TEMPLATE, dataDir, { recursive: true });
  let node: ServerProcess;
  try {
    // a start-up allowance for a busy 2-core machine; 8 suites share it, so check the port stays ours
    node = await startNode({ DATA_DIR: dataDir, QUIRE_TEST_CAPTCHA: TEST_CAPTCHA, CLIENT_DIST: clientDist, ...env }, { startTimeoutMs: 150_000, settleMs: 500 });
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
