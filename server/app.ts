// createApp(deps): the Koa application without listen() (tests mount it on an ephemeral port).
import Koa from 'koa';
import type { AppDeps } from './deps';
import { createDispatcher } from './http/dispatch';
import { securityHeaders } from './http/securityHeaders';
import { staticClient } from './http/staticClient';
import { healthRoutes } from './http/health';
import { sendError } from './http/envelope';
import { ErrorCode } from '../shared/errors';
import { buildRegistry } from './http/action';
import { controllers, specialRoutes } from './api';
import { oldShowdocLinks } from './api/oldShowdocLinks';
import { mcpEndpoint } from './mcp/endpoint';

export function createApp(deps: AppDeps): Koa {
  const app = new Koa({ proxy: deps.config.trustProxy });
  app.silent = true;
  app.on('error', (err) => deps.log.warn('http error', { err: err?.message }));
  app.use(securityHeaders());
  // API calls first: every middleware an API request passes costs it a promise (the paths the
  // two below answer, /healthz, /readyz, /web, /Public/Uploads/…, are none of the API's)
  const registry = buildRegistry(controllers);
  app.use(createDispatcher(deps, { registry, ...specialRoutes }));
  app.use(healthRoutes(deps));
  app.use(oldShowdocLinks(deps));
  // /mcp (and ShowDoc's /mcp.php): the MCP tools run the same registry's actions
  app.use(mcpEndpoint(deps, registry));
  // unknown /server/* paths answer like ShowDoc's router, not with the web app
  app.use(async (ctx, next) => {
    if (/^\/(server|api)(\/|$)/.test(ctx.path)) {
      sendError(ctx, ErrorCode.UNKNOWN_ACTION, 'Invalid request', 404);
      return;
    }
    await next();
  });
  app.use(staticClient(deps.config.clientDist));
  return app;
}
