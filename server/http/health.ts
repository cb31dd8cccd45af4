// /healthz: the process is alive (no dependency is asked). /readyz: whether it should get
// traffic — the database answers (503 otherwise, or while the process drains on SIGTERM), and
// whether Redis is reachable ("degraded": still serving, realtime and caches on this process only).
import type Koa from 'koa';
import type { AppDeps } from '../deps';
import { isDraining, redisState } from '../health/state';
import { databaseUnavailableCause } from '../db/unavailable';
import { pingDatabase } from '../db/repos/health';

const DB_CHECK_MS = 2000;

async function databaseState(deps: AppDeps): Promise<{ ok: boolean; cause?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), DB_CHECK_MS);
  });
  try {
    await Promise.race([pingDatabase(deps.db), timeout]);
    return { ok: true };
  } catch (e) {
    return { ok: false, cause: databaseUnavailableCause(e) ?? 'error' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(deps: AppDeps): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path !== '/readyz') return next();
    ctx.set('Cache-Control', 'no-store');
    const db = await databaseState(deps);
    const redis = redisState();
    const status = isDraining() ? 'draining' : !db.ok ? 'unavailable' : redis === 'down' ? 'degraded' : 'ready';
    ctx.status = status === 'ready' || status === 'degraded' ? 200 : 503;
    ctx.body = { status, database: db.ok ? 'ok' : 'down', ...(db.cause ? { database_cause: db.cause } : {}), redis };
  };
}
