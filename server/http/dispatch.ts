// The API front door: resolves the URL form to an action, parses the body the action allows,
// identifies the caller, enforces the action's auth mode, and writes the envelope.
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { parseFormBody } from './formBody';
import { isFormRequest } from './declaredBody';
import fs from 'node:fs';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { localize } from '../../shared/messages';
import { type ActionDef, type ActionRequest, isRawReply, makeMe, normalizeName, type RawReply } from './action';
import type { SessionUser } from '../auth/sessionUser';
import { Params, type UploadedFile } from './params';
import { type ApiRoute, parseApiSegments, parseSParam, type ParsedRoute } from './routeForms';
import { cookieMayAct, resolveCaller } from './authenticate';
import { describeFailure, requestLang, sendData, sendError, sendFailure } from './envelope';
import { namingFileLimit } from './fileTooLarge';
import { lingerOnBody } from './lingerBody';
import { endInTurn } from './endInTurn';

export type SpecialHandler = (ctx: Koa.Context, deps: AppDeps, arg: string) => Promise<void>;

export interface DispatchOptions {
  registry: Map<string, ActionDef>;
  mockPath?: SpecialHandler;
  mockData?: SpecialHandler;
}

/**
 * Routes of recent /api/… paths: a client calls the same few paths over and over, and parsing one
 * (decoding, name checks) was a fortieth of a cached page/info. A route depends on its path alone;
 * the map is emptied when full, so random paths cannot grow it. Routes are shared: never changed.
 */
const recentApiRoutes = new Map<string, ParsedRoute>();
const RECENT_ROUTES_MAX = 2_000;

function apiRouteOf(path: string, segments: string): ParsedRoute {
  let route = recentApiRoutes.get(path);
  if (route === undefined) {
    if (recentApiRoutes.size >= RECENT_ROUTES_MAX) recentApiRoutes.clear();
    route = parseApiSegments(segments.split('/'));
    // frozen: a later request gets the same objects, so a change would leak into it (it throws instead)
    if (route.kind === 'api') Object.freeze(Object.freeze(route.route).pathParams);
    recentApiRoutes.set(path, Object.freeze(route));
  }
  return route;
}

/**
 * The registry's action for a route. A route kept in recentApiRoutes is the same object each time,
 * so its action is looked up once (building the name showed in profiles of page/info).
 */
function actionFinder(registry: Map<string, ActionDef>): (route: ApiRoute) => ActionDef | undefined {
  const actionsOfRoutes = new WeakMap<ApiRoute, ActionDef>();
  return (route) => {
    let def = actionsOfRoutes.get(route);
    if (def === undefined) {
      def = registry.get(`${normalizeName(route.controller)}/${normalizeName(route.action)}`);
      if (def) actionsOfRoutes.set(route, def);
    }
    return def;
  };
}

export function routeOf(ctx: Koa.Context): ParsedRoute | null {
  const p = ctx.path;
  let m: RegExpExecArray | null;
  if ((m = /^\/(?:server\/)?api\/(.*)$/.exec(p))) return apiRouteOf(p, m[1]);
  if (/^\/(server\/(index\.php)?|index\.php)$/.test(p) || p === '/server') {
    const s = ctx.query.s;
    if (typeof s !== 'string' || !s) return { kind: 'invalid' };
    return parseSParam(s);
  }
  if ((m = /^\/(?:server\/)?mock-path\/([^/]+)\/?$/.exec(p))) return { kind: 'mock-path', itemId: decodeURIComponent(m[1]) };
  if ((m = /^\/(?:server\/)?mock-data\/([^/]+)\/?$/.exec(p))) return { kind: 'mock-data', key: decodeURIComponent(m[1]) };
  return null;
}

interface UploadLimits {
  fileBytes: number;
  totalBytes: number;
  files: number;
}

const MiB = 1024 * 1024;

function bodyParser(deps: AppDeps, upload: UploadLimits | null): Koa.Middleware {
  const limit = deps.config.maxBodyBytes;
  const parser = koaBody({
    multipart: true,
    // form bodies: parseFormBody (PHP's name=value split)
    urlencoded: false,
    json: true,
    text: false,
    jsonLimit: limit,
    formLimit: limit,
    jsonStrict: true,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as any,
    formidable: upload
      ? { maxFileSize: upload.fileBytes, maxTotalFileSize: upload.totalBytes, maxFiles: upload.files, maxFieldsSize: limit, allowEmptyFiles: true, minFileSize: 0 }
      : { maxFiles: 0, maxFieldsSize: limit, allowEmptyFiles: true, minFileSize: 0 },
  });
  return async (ctx, next) => {
    if (PARSED_METHODS.has(ctx.method) && isFormRequest(ctx.req)) {
      ctx.request.body = (await parseFormBody(ctx, limit)) as typeof ctx.request.body;
      return next();
    }
    return parser(ctx, next);
  };
}

const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** the parsers run as middleware with nothing after them */
const noNext = () => Promise.resolve();

/**
 * A request as an action sees it. A class, so that the caller's address is read only when an action
 * asks (X-Forwarded-For is split for it; most never do) without a getter made per request.
 */
class DispatchedRequest implements ActionRequest {
  readonly me: () => SessionUser;
  constructor(
    readonly params: Params,
    readonly user: SessionUser | null,
    readonly deps: AppDeps,
    readonly lang: 'en' | 'zh',
    readonly ctx: Koa.Context,
    readonly token: string | null,
  ) {
    this.me = makeMe(user);
  }

  get ip(): string {
    return this.ctx.ip;
  }
}

function sendRaw(ctx: Koa.Context, r: RawReply): void {
  ctx.status = r.status ?? 200;
  ctx.type = r.type;
  for (const [k, v] of Object.entries(r.headers ?? {})) ctx.set(k, v);
  // a ready answer (item/info's menu) ends with the others of its turn; a 304 or a stream through Koa
  if (ctx.status === 200 && (typeof r.body === 'string' || Buffer.isBuffer(r.body))) endInTurn(ctx, r.body);
  else ctx.body = r.body;
}

/** the files of a request that sent none (most): nothing to convert or clean up */
const NO_FILES: Record<string, UploadedFile | UploadedFile[]> = Object.freeze({});

function filesOf(ctx: Koa.Context): Record<string, UploadedFile | UploadedFile[]> {
  const raw = (ctx.request as any).files as Record<string, any> | undefined;
  if (!raw) return NO_FILES;
  const conv = (f: any): UploadedFile => ({
    filepath: f.filepath,
    originalFilename: f.originalFilename ?? '',
    mimetype: f.mimetype ?? '',
    size: f.size ?? 0,
  });
  const out: Record<string, UploadedFile | UploadedFile[]> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = Array.isArray(v) ? v.map(conv) : conv(v);
  return out;
}

function cleanupFiles(files: Record<string, UploadedFile | UploadedFile[]>): void {
  for (const v of Object.values(files)) {
    for (const f of Array.isArray(v) ? v : [v]) fs.promises.unlink(f.filepath).catch(() => {});
  }
}

export function createDispatcher(deps: AppDeps, opts: DispatchOptions): Koa.Middleware {
  const plainParser = bodyParser(deps, null);
  const actionOf = actionFinder(opts.registry);

  /** The caller the action may act for; throws the refusal of its auth mode. */
  const callerFor = async (ctx: Koa.Context, def: ActionDef, params: Params) => {
    // a login token or download ticket in the URL counts only for downloads opened by navigation (F10)
    const caller = await resolveCaller(deps, ctx, params, { urlCredentials: !!def.browserGet });
    // Our cookie alone acts for the user only on a POST proven to come from our own pages, or
    // on a GET of a file download (CSRF): otherwise the request is anonymous.
    const cookieRefused = caller.viaCookie && !!caller.user && !cookieMayAct(ctx, !!def.browserGet, deps.config.publicUrl);
    const user = cookieRefused ? null : caller.user;
    if (def.auth !== 'optional' && !user) {
      if (cookieRefused) throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'This request did not come from this site\'s own pages, so your login cookie was not used');
      throw caller.token
        ? new ApiError(ErrorCode.NOT_LOGGED_IN, 'Your login has expired; please log in again')
        : new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');
    }
    if (def.auth === 'admin' && !user?.isAdmin) {
      throw new ApiError(ErrorCode.NO_PERMISSION, 'Administrator rights are required');
    }
    return { user, token: caller.token };
  };

  return async (ctx, next) => {
    const route = routeOf(ctx);
    if (!route) return next();
    const lang = requestLang(ctx);
    let files = NO_FILES;
    let def: ActionDef | undefined;
    try {
      if (route.kind === 'mock-path' || route.kind === 'mock-data') {
        const h = route.kind === 'mock-path' ? opts.mockPath : opts.mockData;
        if (!h) {
          sendError(ctx, ErrorCode.UNKNOWN_ACTION, localize('Invalid request', lang), 404);
          return;
        }
        await h(ctx, deps, route.kind === 'mock-path' ? route.itemId : route.key);
        return;
      }
      if (route.kind === 'invalid') {
        sendError(ctx, ErrorCode.BAD_ROUTE, localize('Invalid route', lang), 400);
        return;
      }
      const { pathParams } = route.route;
      def = actionOf(route.route);
      if (!def) {
        sendError(ctx, ErrorCode.UNKNOWN_ACTION, localize('Invalid request', lang), 404);
        return;
      }

      if (def.upload && def.largeUpload) {
        const big = def.largeUpload;
        // who is sending gigabytes is known before a byte of them is read; a refused caller's
        // body is dropped (a bounded amount, then the connection is closed)
        await callerFor(ctx, def, new Params([pathParams, ctx.query as Record<string, unknown>], {})).catch((e: unknown) => {
          lingerOnBody(ctx.req);
          throw e;
        });
        await bodyParser(deps, { fileBytes: big.maxFileMb * MiB, totalBytes: big.maxTotalMb * MiB, files: big.maxFiles })(ctx, async () => {}).catch((e: unknown) => {
          throw namingFileLimit(e, big.maxFileMb);
        });
      } else if (def.upload) {
        const mb = Math.max(1, (await deps.settings.get()).upload_max_mb);
        await bodyParser(deps, { fileBytes: mb * MiB, totalBytes: mb * MiB * 5, files: 5 })(ctx, async () => {}).catch((e: unknown) => {
          throw namingFileLimit(e, mb);
        });
      } else if (PARSED_METHODS.has(ctx.method) && isFormRequest(ctx.req)) {
        // the common call, read without the parser's middleware layers
        ctx.request.body = (await parseFormBody(ctx, deps.config.maxBodyBytes)) as typeof ctx.request.body;
      } else {
        await plainParser(ctx, noNext);
      }
      files = filesOf(ctx);
      const body = ctx.request.body;
      const bodyObj = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const params = new Params([pathParams, bodyObj, ctx.query as Record<string, unknown>], files);

      const { user, token } = await callerFor(ctx, def, params);

      const req = new DispatchedRequest(params, user, deps, lang, ctx, token);
      const result = await def.run(req);
      if (isRawReply(result)) sendRaw(ctx, result);
      else sendData(ctx, result);
    } catch (err) {
      if (def?.failureReply) {
        const f = describeFailure(ctx, err, deps.log);
        for (const [k, v] of Object.entries(f.headers ?? {})) ctx.set(k, v);
        sendRaw(ctx, def.failureReply(f));
      } else {
        sendFailure(ctx, err, deps.log);
      }
    } finally {
      if (files !== NO_FILES) cleanupFiles(files);
    }
  };
}
