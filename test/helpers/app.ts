// Starts the real app (createApp) on an ephemeral port against a fresh test database,
// and gives tests a small ShowDoc-style client: form-encoded POSTs, envelope decoding.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../../server/config';
import { createDeps, type AppDeps } from '../../server/deps';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { captchas } from '../../server/db/schema';
import { attachRealtime, type Realtime } from '../../server/realtime';
import { createTestDatabase, type TestDatabase } from './db';
import type { JobHandlers } from '../../server/jobs/types';
import { jobHandlers } from '../../workers/jobs';

export interface ApiResult<T = any> {
  error_code: number;
  error_message?: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** send the parameters as a JSON body */
  json?: boolean;
  /** cookie header */
  cookie?: string;
}

export interface TestApp {
  url: string;
  deps: AppDeps;
  database: TestDatabase;
  /** POST form-encoded to /api/<path> (or any URL starting with /) and decode the envelope */
  call<T = any>(path: string, params?: Record<string, unknown>, opts?: CallOptions): Promise<ApiResult<T>>;
  /** the raw fetch response */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** a captcha id and its answer, read from the database like a human reads the image */
  captcha(): Promise<{ id: string; answer: string }>;
  /** registers (through the real endpoint) and returns the login payload */
  register(username: string, password?: string): Promise<{ uid: number; user_token: string; username: string }>;
  login(username: string, password?: string): Promise<ApiResult>;
  /** sets the clock used by the server (unix seconds); undefined = real time */
  setNow(t: number | undefined): void;
  /** the realtime gateway, when started with { realtime: true } */
  realtime: Realtime | null;
  close(): Promise<void>;
}

export const DEFAULT_PASSWORD = 'secret-pass-1';

export interface TestAppOptions {
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  realtime?: boolean;
  /**
   * run background jobs in this app (in-process, or BullMQ when config.redisUrl is set): true runs
   * the kinds workers/jobs.ts registers (the test kinds too with config.testJobs), or these handlers
   */
  jobs?: boolean | JobHandlers;
}

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const base = loadConfig({ NODE_ENV: 'test', QUIRE_TEST_FAST_HASH: '1', ...opts.env });
  const config: Config = { ...base, port: 0, host: '127.0.0.1', ...opts.config };
  let fixedNow: number | undefined;
  const log = createLogger((process.env.TEST_LOG_LEVEL as any) || 'error');
  const deps = createDeps(config, database.db, database.kind, log, {
    now: () => fixedNow ?? Math.floor(Date.now() / 1000),
  });
  const app = createApp(deps);
  const server = http.createServer(app.callback());
  const realtime = opts.realtime ? attachRealtime(server, deps) : null;
  if (opts.jobs) await deps.jobs.startRunning(opts.jobs === true ? jobHandlers(config) : opts.jobs);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const toForm = (params: Record<string, unknown>) => {
    const f = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) continue;
      f.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    return f;
  };

  const fetchPath = (path: string, init?: RequestInit) => fetch(path.startsWith('http') ? path : url + path, init);

  const call = async <T>(path: string, params: Record<string, unknown> = {}, o: CallOptions = {}): Promise<ApiResult<T>> => {
    const target = path.startsWith('/') ? path : `/api/${path}`;
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers['X-API-Token'] = o.token;
    if (o.cookie) headers['Cookie'] = o.cookie;
    let res: Response;
    if (o.method === 'GET') {
      const q = toForm(params).toString();
      res = await fetchPath(target + (q ? (target.includes('?') ? '&' : '?') + q : ''), { headers });
    } else if (o.json) {
      res = await fetchPath(target, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(params) });
    } else {
      res = await fetchPath(target, { method: 'POST', headers, body: toForm(params) });
    }
    const text = await res.text();
    try {
      return JSON.parse(text) as ApiResult<T>;
    } catch {
      throw new Error(`non-JSON answer from ${target} (HTTP ${res.status}): ${text.slice(0, 200)}`);
    }
  };

  const captcha = async () => {
    const res = await fetchPath('/api/common/verify');
    const id = res.headers.get('x-captcha-id')!;
    await res.arrayBuffer();
    const [row] = await deps.db.select().from(captchas).where(eq(captchas.captchaId, id));
    return { id, answer: row.answer };
  };

  const register = async (username: string, password = DEFAULT_PASSWORD) => {
    const c = await captcha();
    const r = await call<{ uid: string; user_token: string; username: string }>('user/register', { username, password, confirm_password: password, captcha_id: c.id, v_code: c.answer });
    if (r.error_code !== 0) throw new Error(`register ${username} failed: ${r.error_code} ${r.error_message}`);
    // ShowDoc sends the uid as text; tests compare it with database rows
    return { ...r.data, uid: Number(r.data.uid) };
  };

  const login = (username: string, password = DEFAULT_PASSWORD) => call('user/login', { username, password });

  return {
    url,
    deps,
    database,
    call,
    fetch: fetchPath,
    captcha,
    register,
    login,
    setNow: (t) => {
      fixedNow = t;
    },
    realtime,
    close: async () => {
      if (realtime) await realtime.close();
      await deps.jobs.close();
      await deps.mail.idle();
      server.closeAllConnections();
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
      await database.drop();
    },
  };
}
