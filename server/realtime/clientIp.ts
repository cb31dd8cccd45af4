// The caller's address for socket handshakes, read like Koa's ctx.ip: with TRUST_PROXY the first
// X-Forwarded-For entry, otherwise the peer address (a client cannot choose it).
import type { IncomingHttpHeaders } from 'node:http';

export function clientIp(headers: IncomingHttpHeaders, remote: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = headers['x-forwarded-for'];
    const first = (Array.isArray(xff) ? xff[0] : xff)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return remote ?? '';
}
