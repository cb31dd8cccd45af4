// The one function every endpoint goes through: form-encoded POST (or GET) to /api/<controller>/<action>,
// 20 s timeout, a loading indicator, Accept-Language from the UI language, and the error routing of spec §8.
// The session travels in the HttpOnly cookie set by the login answer; no token is kept in the page.
import { HTTP_TIMEOUT_MS } from '@shared/limits';
import type { Envelope } from '@shared/errors';
import type { AnswerOf, Endpoint, ParamsIn } from '@shared/api/contract';
import { ErrorCode } from '@shared/errors';
import { routeError, type ItemPasswordTarget } from './errorRouting';
import { beginLoading } from './loading';
import { numbered, type Numbered } from '@shared/dbText';

export type ParamValue = string | number | boolean | null | undefined | object;
export type Params = Record<string, ParamValue>;

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** false: a 10102 answer does not send the user to the login screen */
  redirectLogin?: boolean;
  /** item/page reads: 10303/10307 send the reader to the item password screen for this item/page */
  itemPassword?: ItemPasswordTarget;
  /** error codes the calling screen handles itself (no alert); 'all' for forms that show every error inline */
  expect?: readonly number[] | 'all';
  /** background calls: never alert, never navigate */
  silent?: boolean;
  /** show the loading indicator (default: true for POST) */
  loading?: boolean;
  timeoutMs?: number;
}

/** Client-side failures that have no server code. */
export const ClientErrorCode = { TIMEOUT: -100, NETWORK: -101, BAD_RESPONSE: -102 } as const;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** true when the client already reacted (alert shown or navigated away): callers just stop */
    readonly handled: boolean,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ClientEnv {
  navigate(to: string): void;
  alert(message: string): void;
  /** current in-app location: path + query */
  currentLocation(): string;
  /** the UI language sent as Accept-Language */
  language(): string;
  /** texts for client-side failures */
  text(key: 'timeout' | 'network' | 'badResponse' | 'unknown'): string;
  /** the server said the session is gone */
  onLoggedOut(): void;
  /** the server's database is away and a request waits to be sent again (true), or no longer (false) */
  waiting(on: boolean): void;
}

const fallbackTexts = {
  timeout: 'The server did not answer within 20 seconds. Please try again.',
  network: 'Cannot reach the server. Check your connection and try again.',
  badResponse: 'The server sent an unexpected answer.',
  unknown: 'Something went wrong.',
};

let env: ClientEnv = {
  navigate: (to) => window.location.assign(to),
  alert: (m) => window.alert(m),
  currentLocation: () => window.location.pathname + window.location.search,
  language: () => navigator.language || 'en',
  text: (k) => fallbackTexts[k],
  onLoggedOut: () => {},
  waiting: () => {},
};

export function configureApiClient(partial: Partial<ClientEnv>): void {
  env = { ...env, ...partial };
}

export function encodeParams(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return form;
}

export function apiUrl(path: string, query?: Params): string {
  const qs = query ? encodeParams(query).toString() : '';
  return `/api/${path}${qs ? '?' + qs : ''}`;
}

function fail(code: number, message: string, opts: CallOptions, params: Params, data?: unknown): never {
  if (opts.silent) throw new ApiError(code, message, true, data);
  const redirectLogin = opts.redirectLogin !== false && params.redirect_login !== false && params.redirect_login !== 'false';
  if (code === ErrorCode.NOT_LOGGED_IN) env.onLoggedOut();
  const route = routeError(code, message, {
    current: env.currentLocation(),
    redirectLogin,
    itemPassword: opts.itemPassword,
    expect: opts.expect,
  });
  switch (route.kind) {
    case 'login':
    case 'itemPassword':
      env.navigate(route.to);
      throw new ApiError(code, message, true, data);
    case 'caller':
      throw new ApiError(code, message, false, data);
    case 'alert':
      env.alert(route.message || env.text('unknown'));
      throw new ApiError(code, message, true, data);
  }
}

/**
 * Calls an action declared in shared/api: `callAction<typeof itemApi.info>('item/info', {…})`, with
 * a type-only import of the declarations (zod stays out of the bundle); the path, the parameters
 * and the answer are checked against the declaration. The answer comes Numbered: ids and flags that
 * ShowDoc sends as text are numbers again (shared/dbText.ts).
 */
export function callAction<E extends Endpoint>(path: E['path'], params: ParamsIn<E>, opts: CallOptions = {}): Promise<Numbered<AnswerOf<E>>> {
  return call<Numbered<AnswerOf<E>>>(path, params as Params, opts);
}

/** Calls /api/<path> and resolves with `data`; rejects with ApiError after reacting as spec §8 says. */
export function call<T = unknown>(path: string, params: Params = {}, opts: CallOptions = {}): Promise<T> {
  const method = opts.method ?? 'POST';
  const init: RequestInit =
    method === 'GET'
      ? { method }
      : { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body: encodeParams(params).toString() };
  return send<T>(method === 'GET' ? apiUrl(path, params) : apiUrl(path), init, params, { ...opts, method });
}

/** Multipart upload (import files, attachments): same envelope handling as call(). */
export function upload<T = unknown>(path: string, form: FormData, opts: CallOptions = {}): Promise<T> {
  const params: Params = {};
  form.forEach((v, k) => {
    if (typeof v === 'string') params[k] = v;
  });
  return send<T>(apiUrl(path), { method: 'POST', body: form }, params, { ...opts, method: 'POST', timeoutMs: opts.timeoutMs ?? 10 * HTTP_TIMEOUT_MS });
}

/** writes that may be sent twice with the same effect: the content is the same */
const IDEMPOTENT_WRITES = new Set(['page/save']);
/** ShowDoc's read actions: info, detail, history, diff, search, list/getX… */
const READ_ACTION = /\/(info|detail|history|diff|search|\w*[Ll]ist\w*|get[A-Z]\w*|my\w*)$/;
/** how long a call keeps waiting for a database that is away (503 with Retry-After) */
const WAIT_FOR_DATABASE_MS = 60_000;
const MAX_RETRY_AFTER_S = 10;

export function mayRetry(url: string, method: string | undefined): boolean {
  const path = url.replace(/^\/api\//, '').split('?')[0];
  return method === 'GET' || IDEMPOTENT_WRITES.has(path) || READ_ACTION.test('/' + path);
}

/**
 * A 503 with Retry-After means the database is away for a moment (restarting) and nothing was
 * changed: reads and idempotent saves are sent again after the wait, for up to a minute, while
 * the user is told their request is waiting. Their text stays where it is (the editor).
 */
async function send<T>(url: string, init: RequestInit, params: Params, opts: CallOptions): Promise<T> {
  const retry = mayRetry(url, opts.method);
  const giveUpAt = Date.now() + WAIT_FOR_DATABASE_MS;
  let waited = false;
  try {
    for (;;) {
      const attempt = await sendOnce<T>(url, init, params, opts, retry && Date.now() < giveUpAt);
      if (attempt.done) return attempt.value;
      if (!waited && !opts.silent) env.waiting(true);
      waited = true;
      await new Promise((r) => setTimeout(r, Math.min(attempt.retryAfterS, MAX_RETRY_AFTER_S) * 1000));
    }
  } finally {
    if (waited && !opts.silent) env.waiting(false);
  }
}

type Attempt<T> = { done: true; value: T } | { done: false; retryAfterS: number };

async function sendOnce<T>(url: string, init: RequestInit, params: Params, opts: CallOptions, mayWait: boolean): Promise<Attempt<T>> {
  const controller = new AbortController();
  const timeoutMs = opts.timeoutMs ?? HTTP_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const endLoading = (opts.loading ?? opts.method === 'POST') && !opts.silent ? beginLoading(Math.min(timeoutMs, HTTP_TIMEOUT_MS)) : () => {};
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { Accept: 'application/json', 'Accept-Language': env.language(), ...(init.headers as Record<string, string> | undefined) },
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (e) {
    clearTimeout(timer);
    endLoading();
    const timedOut = controller.signal.aborted;
    return fail(timedOut ? ClientErrorCode.TIMEOUT : ClientErrorCode.NETWORK, env.text(timedOut ? 'timeout' : 'network'), opts, params, e);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    if (controller.signal.aborted) return fail(ClientErrorCode.TIMEOUT, env.text('timeout'), opts, params);
    return fail(ClientErrorCode.BAD_RESPONSE, env.text('badResponse'), opts, params);
  } finally {
    clearTimeout(timer);
    endLoading();
  }
  if (!envelope || typeof envelope !== 'object' || typeof envelope.error_code !== 'number') {
    return fail(ClientErrorCode.BAD_RESPONSE, env.text('badResponse'), opts, params);
  }
  const retryAfter = Number(res.headers.get('Retry-After'));
  if (mayWait && res.status === 503 && envelope.error_code === ErrorCode.UNAVAILABLE && retryAfter > 0) return { done: false, retryAfterS: retryAfter };
  if (envelope.error_code !== 0) return fail(envelope.error_code, envelope.error_message ?? '', opts, params, envelope.data);
  // ShowDoc's answers carry ids and flags as text (shared/dbText.ts): the screens get numbers, read here once
  return { done: true, value: numbered(envelope.data) as T };
}

/** Runs an API call whose failure was already shown to the user: resolves undefined instead of rejecting. */
export async function quietly<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError && e.handled) return undefined;
    throw e;
  }
}
