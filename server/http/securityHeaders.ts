// Headers on every response (security.md ASVS V14): no sniffing, no framing by others, a strict CSP
// for the app's HTML (no inline or third-party scripts), a careful referrer policy for share links.
import type Koa from 'koa';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Ant Design and KaTeX write inline styles
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "frame-src 'self'",
].join('; ');

/** set on every answer; built once (ctx.set per header per request showed in profiles) */
const ALWAYS: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'SAMEORIGIN'],
];

export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    const res = ctx.res;
    // as ctx.set: nothing to add once the answer's headers are on the wire (a streamed download)
    if (res.headersSent) return;
    for (const [name, value] of ALWAYS) res.setHeader(name, value);
    // an answer may bring its own, stricter policy (attachments served inline, the mock pages)
    if (!res.hasHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', CSP);
  };
}
