// Serves the built web client from the API's port; any unknown non-file path gets index.html
// so browser-history routes (/item/index, /p/<key>, /<domain>) load the app.
import type Koa from 'koa';
import send from 'koa-send';
import fs from 'node:fs';
import path from 'node:path';
import { routePreloads } from './routePreloads';

export function staticClient(root: string): Koa.Middleware {
  const index = path.join(root, 'index.html');
  // read once per build: `npm start` builds before it serves
  let page: { mtimeMs: number; html: (pathname: string) => string } | null = null;
  const pageFor = (pathname: string): string => {
    const mtimeMs = fs.statSync(index).mtimeMs;
    if (!page || page.mtimeMs !== mtimeMs) page = { mtimeMs, html: routePreloads(root, fs.readFileSync(index, 'utf8')) };
    return page.html(pathname);
  };
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const p = ctx.path;
    // never serve dotfiles, source maps or anything outside root
    if (p.includes('/.') || p.endsWith('.map')) return next();
    const hasExt = /\.[a-z0-9]{1,8}$/i.test(p);
    if (hasExt) {
      const file = path.join(root, path.normalize(p));
      if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        const immutable = p.startsWith('/assets/');
        await send(ctx, p, {
          root,
          index: false,
          // .br / .gz twins written at build time (scripts/build/precompress.ts) are sent when accepted
          brotli: true,
          gzip: true,
          setHeaders: (res) => {
            res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
            res.setHeader('Vary', 'Accept-Encoding');
          },
        });
        return;
      }
      return next();
    }
    if (!fs.existsSync(index)) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = '<!doctype html><meta charset="utf-8"><title>Quire</title><p>The web client is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = pageFor(ctx.path);
  };
}
