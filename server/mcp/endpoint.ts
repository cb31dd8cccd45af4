// /mcp: the Model Context Protocol for AI editors (Cursor, Claude Desktop, Cline…), over the
// official SDK's Streamable HTTP transport in stateless mode: every POST is one JSON-RPC exchange
// answered as JSON, with a fresh server whose tools act for the bearer token's user.
// Authentication is a per-user MCP token (Authorization: Bearer qmcp_…), checked, and counted
// against the per-minute limit, before the body is read. ShowDoc's /mcp.php answers here too.
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import type { AppDeps } from '../deps';
import type { ActionDef } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { describeFailure, requestLang } from '../http/envelope';
import { uploadLimitBytes } from '../domain/attachments/upload';
import { userOfMcpToken } from '../domain/mcp/tokens';
import type { SessionUser } from '../auth/sessionUser';

/** the SDK and the tools, loaded with the first MCP request: a site that never uses MCP never holds them (DESIGN §7 memory) */
const importSdk = () =>
  Promise.all([import('@modelcontextprotocol/sdk/server/mcp.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js'), import('./tools')]).then(([mcp, http, tools]) => ({
    McpServer: mcp.McpServer,
    Transport: http.StreamableHTTPServerTransport,
    registerTools: tools.registerTools,
  }));
let sdk: ReturnType<typeof importSdk> | undefined;
const loadSdk = () => (sdk ??= importSdk());

const PATHS = new Set(['/mcp', '/mcp.php', '/server/mcp.php']);

const badToken = () => new ApiError(ErrorCode.NOT_LOGGED_IN, 'An MCP token is required (Authorization: Bearer <token> from your personal settings)', undefined, 401);

/** Bearer tokens only: no cookie, no login token, no token in the URL (it would land in logs). */
async function tokenUser(deps: AppDeps, ctx: Koa.Context): Promise<SessionUser> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  const user = m ? await userOfMcpToken(deps, m[1]) : null;
  if (!user) throw badToken();
  return user;
}

/** JSON-RPC's error object (the id is unknown: the request was refused before it was read). */
function refuse(ctx: Koa.Context, deps: AppDeps, err: unknown): void {
  const f = describeFailure(ctx, err, deps.log);
  for (const [k, v] of Object.entries(f.headers ?? {})) ctx.set(k, v);
  if (f.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="quire-mcp"');
  ctx.status = f.status === 200 ? 400 : f.status;
  ctx.type = 'application/json; charset=utf-8';
  const rpcCode = f.status === 400 ? -32700 : -32000;
  ctx.body = JSON.stringify({ jsonrpc: '2.0', error: { code: rpcCode, message: f.message, data: { error_code: f.code } }, id: null });
}

/** Token holders call from anywhere (the bearer token is the credential, never a cookie). */
function cors(ctx: Koa.Context): void {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type, Authorization, Mcp-Protocol-Version, Mcp-Session-Id');
  ctx.set('Access-Control-Max-Age', '600');
}

export function mcpEndpoint(deps: AppDeps, registry: Map<string, ActionDef>): Koa.Middleware {
  return async (ctx, next) => {
    if (!PATHS.has(ctx.path)) return next();
    cors(ctx);
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      return;
    }
    try {
      const user = await tokenUser(deps, ctx);
      if (ctx.method !== 'POST') {
        // stateless: no server-to-client stream (clients ask once after initialize), no session to end
        ctx.set('Allow', 'POST, OPTIONS');
        throw new ApiError(ErrorCode.GENERIC, 'Invalid request', undefined, 405);
      }
      await deps.limits.take('mcp', { uid: user.uid, ip: ctx.ip }, 429);
      // room for the largest upload the site allows, in base64
      const upload = await uploadLimitBytes(deps);
      const limit = Math.max(deps.config.maxBodyBytes, Math.ceil((upload.bytes * 4) / 3) + 1024 * 1024);
      await koaBody({ json: true, jsonStrict: true, jsonLimit: limit, urlencoded: false, text: false, multipart: false })(ctx, async () => {});

      const { McpServer, Transport, registerTools } = await loadSdk();
      const server = new McpServer({ name: 'quire', version: '1.0.0' }, { capabilities: { tools: {} } });
      registerTools(server, { deps, registry, ctx, user, lang: requestLang(ctx) });
      const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      ctx.res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      ctx.respond = false;
      await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
    } catch (err) {
      if (ctx.res.headersSent) return;
      ctx.respond = true;
      refuse(ctx, deps, err);
    }
  };
}
