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

export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    if (!ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', CSP);
  };
}
