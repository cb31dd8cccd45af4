// fetch() for requests to hosts an administrator configures (the OAuth2 / OpenID Connect provider):
// names resolve through guardedLookup (no link-local or cloud metadata addresses, checked on the
// address actually connected to), no redirects are followed, answers are capped in size.
import http from 'node:http';
import https from 'node:https';
import { guardedLookup } from './forbiddenHosts';

const MAX_ANSWER_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface GuardedFetchInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams | Uint8Array | null | unknown;
  signal?: AbortSignal | null;
}

function headerRecord(h: GuardedFetchInit['headers']): Record<string, string> {
  if (!h) return {};
  if (h instanceof Headers) return Object.fromEntries(h.entries());
  return { ...h };
}

function bodyBytes(body: GuardedFetchInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError('guardedFetch: unsupported request body');
}

export function guardedFetch(url: string, init: GuardedFetchInit = {}): Promise<Response> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return Promise.reject(new TypeError(`guardedFetch: ${target.protocol} is not http(s)`));
  const mod = target.protocol === 'https:' ? https : http;
  const body = bodyBytes(init.body);
  const headers = headerRecord(init.headers);
  if (body && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length')) headers['content-length'] = String(body.length);
  const signal = init.signal ?? AbortSignal.timeout(DEFAULT_TIMEOUT_MS);
  return new Promise<Response>((resolve, reject) => {
    const req = mod.request(target, { method: init.method ?? 'GET', headers, lookup: guardedLookup, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_ANSWER_BYTES) {
          req.destroy(new Error(`${target.host} answered more than ${MAX_ANSWER_BYTES} bytes`));
          return;
        }
        chunks.push(c);
      });
      res.on('error', reject);
      res.on('end', () => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
          else if (v !== undefined) out.set(k, v);
        }
        const status = res.statusCode ?? 502;
        const nullBody = status === 204 || status === 304;
        resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: out }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
