// An MCP tool does what the matching API action does, by running that very action for the token's
// user: the same parameter checks, server/policies decisions and domain operations (page history,
// live co-editors, upload rules) as a ShowDoc client's request, and its answer as plain JSON.
import type Koa from 'koa';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import { isRawReply, makeMe, normalizeName, type ActionDef, type ActionRequest, type RawReply } from '../http/action';
import { Params, type UploadedFile } from '../http/params';
import { stringifyWithFragments } from '../lib/jsonFragment';

export interface McpCaller {
  deps: AppDeps;
  registry: Map<string, ActionDef>;
  /** the /mcp request (site URL, address); its cookies are not the caller's proof of anything */
  ctx: Koa.Context;
  user: SessionUser;
  lang: 'en' | 'zh';
}

/**
 * The request as the action sees it. Cookies are hidden: an MCP caller is its bearer token alone,
 * so a browser's grant cookie for a private item (or anything else) never adds to its rights.
 */
function internalContext(ctx: Koa.Context): Koa.Context {
  const cookies = { get: () => undefined, set: () => undefined };
  return Object.create(ctx, { cookies: { value: cookies } }) as Koa.Context;
}

/** A raw JSON answer's value (page/uploadImg's editor.md shape); files are not for a tool. */
function rawJson(path: string, reply: RawReply): unknown {
  if (!reply.type.startsWith('application/json') || (typeof reply.body !== 'string' && !Buffer.isBuffer(reply.body))) throw new Error(`${path} answers a file`);
  return JSON.parse(reply.body.toString('utf8'));
}

/** Runs `<controller>/<action>` as the caller with exactly these parameters; answers its data as JSON. */
export async function callAction(caller: McpCaller, path: string, params: Record<string, unknown>, files: Record<string, UploadedFile> = {}): Promise<unknown> {
  const [controller, action] = path.split('/');
  const def = caller.registry.get(`${normalizeName(controller)}/${normalizeName(action)}`);
  if (!def) throw new Error(`no action ${path}`);
  const req: ActionRequest = {
    params: new Params([params], files),
    user: caller.user,
    deps: caller.deps,
    ip: caller.ctx.ip,
    lang: caller.lang,
    ctx: internalContext(caller.ctx),
    me: makeMe(caller.user),
    token: null,
    internal: true,
  };
  const result = await def.run(req);
  if (isRawReply(result)) return rawJson(path, result);
  const json = stringifyWithFragments(result === undefined ? [] : result);
  return JSON.parse(typeof json === 'string' ? json : json.toBuffer().toString('utf8'));
}
