// Requests to a URL a user typed (the notice webhook, #23), made so that the URL cannot turn the
// server into a reader of its own network (SSRF):
// - only http: and https:, no credentials in the URL;
// - the host is resolved once, every address it has must be public (isPublicAddress), and the
//   connection goes to that very address (the lookup is pinned), so a DNS answer that changes
//   between the check and the connection (rebinding) cannot send it elsewhere;
// - redirects are never followed (a 3xx is a failed delivery);
// - the whole request has a deadline.
// Tests reach a receiver on loopback only through `allow` (config.testWebhookAllow, which exists
// only when NODE_ENV=test).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from './forbiddenHosts';

export const PUBLIC_URL_MAX_CHARS = 1000;

/** Why a URL is refused; `reason` is an English message template (shared/messages/webhook.ts). */
export class RefusedUrl extends Error {
  readonly code = 'EREFUSEDURL';
  constructor(
    readonly reason: string,
    readonly vars: Record<string, string> = {},
  ) {
    super(reason.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? ''));
  }
}

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface PublicRequestOptions {
  /** `host:port` pairs reachable although not public (tests only) */
  allow?: readonly string[];
  /** name resolution (tests hand in their own to play DNS rebinding) */
  lookup?: LookupAll;
}

/** The URL parsed, or why it is refused (scheme, credentials, length, no host). No DNS here. */
export function parsePublicUrl(raw: string): URL {
  if (raw.length > PUBLIC_URL_MAX_CHARS) throw new RefusedUrl('The address is too long (max {max} characters)', { max: String(PUBLIC_URL_MAX_CHARS) });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl('Not a valid web address: it must start with http:// or https://');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedUrl('Only http:// and https:// addresses are allowed, not {scheme}', { scheme: url.protocol });
  if (url.username || url.password) throw new RefusedUrl('The address must not contain a user name or password');
  if (!url.hostname) throw new RefusedUrl('Not a valid web address: it must start with http:// or https://');
  return url;
}

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * The one address the request will connect to: the host's addresses, all public (else refused),
 * or — for a host:port the tests allowed — the first one, whatever it is.
 */
export async function resolvePublic(url: URL, o: PublicRequestOptions = {}): Promise<{ address: string; family: 4 | 6 }> {
  const host = bare(url.hostname).toLowerCase();
  const allowed = (o.allow ?? []).includes(`${url.hostname.toLowerCase()}:${portOf(url)}`);
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await (o.lookup ?? systemLookup)(host);
    } catch {
      throw new RefusedUrl('The host {host} cannot be resolved', { host });
    }
    if (!addresses.length) throw new RefusedUrl('The host {host} cannot be resolved', { host });
  }
  if (!allowed) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad && net.isIP(host)) throw new RefusedUrl('The address {address} is not on the public internet; Quire does not send requests there', { address: bad.address });
    if (bad) throw new RefusedUrl('The address {host} is not on the public internet ({address}); Quire does not send requests there', { host, address: bad.address });
  }
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Parses and checks a URL as it will be used (scheme, then every address of its host). */
export async function checkPublicUrl(raw: string, o: PublicRequestOptions = {}): Promise<URL> {
  const url = parsePublicUrl(raw);
  await resolvePublic(url, o);
  return url;
}

export interface PostResult {
  status: number;
}

/**
 * POSTs JSON to a public URL: resolved and checked now, connected to the checked address, no
 * redirect followed (3xx → RefusedUrl), at most `timeoutMs` in all. Answers the HTTP status of
 * any other answer; network errors and the deadline reject.
 */
export async function postJsonToPublicUrl(raw: string, body: unknown, timeoutMs: number, o: PublicRequestOptions = {}): Promise<PostResult> {
  const url = parsePublicUrl(raw);
  const pinned = await resolvePublic(url, o);
  const payload = Buffer.from(JSON.stringify(body));
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const req = lib.request(
      {
        method: 'POST',
        protocol: url.protocol,
        // the name stays the host (Host header, TLS server name and certificate check) …
        hostname: bare(url.hostname),
        port: portOf(url),
        path: `${url.pathname}${url.search}`,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length, 'User-Agent': 'Quire-Webhook/1' },
        // … while the connection goes to the address that was checked
        lookup: ((_h: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          opts?.all ? cb(null, [pinned]) : cb(null, pinned.address, pinned.family)) as unknown as net.LookupFunction,
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.resume(); // the answer's body is not read
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          req.destroy();
          reject(new RefusedUrl('The address answered with a redirect ({status}); redirects are not followed', { status: String(status) }));
          return;
        }
        resolve({ status });
      },
    );
    req.on('error', (err) => reject(err.name === 'AbortError' ? Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' }) : err));
    req.end(payload);
  });
}
