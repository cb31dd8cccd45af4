// Mock server: editors attach a Mock.js template and a path to a page; anyone may then call
// /mock-path/<item_id>?path=/x (any method) or /mock-data/<unique_key> for generated JSON.
import type Koa from 'koa';
import { action, controller, rawReply, type ActionRequest } from '../http/action';
import type { SpecialHandler } from '../http/dispatch';
import * as api from '../../shared/api/mock';
import { readablePage } from '../policies/request';
import { requireEdit } from '../policies/itemAccess';
import { findItemCached } from '../policies/load';
import { canEditMock } from '../policies/pageActions';
import { ApiError, noPermission } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { sendFailure } from '../http/envelope';
import { countMockView, mockByKey, mockByPath, mockIsLive, mockOfPage, normalizeMockPath, saveMock, type MockRow } from '../domain/mock/store';
import type { AppDeps } from '../deps';
import { generateMock, generatePublicMock } from '../domain/mock/generate';
import { presentMock, presentMockLink } from '../presenters/mock';

/** A page whose mock the caller may see and change: its editors. */
async function mockablePage(req: ActionRequest, pageId: number) {
  const { page, access, place } = await readablePage(req, pageId);
  requireEdit(access);
  if (!canEditMock(access, place)) throw noPermission();
  return page;
}

const add = action(api.add, {
  auth: 'required',
  async run(req, p) {
    const page = await mockablePage(req, p.page_id);
    const path = normalizeMockPath(p.path || '/');
    await generateMock(p.template); // a template that cannot be generated is refused at once
    const row = await saveMock(req.deps.db, { pageId: page.pageId, itemId: page.itemId, uid: req.me().uid, template: p.template, path }, req.deps.now());
    return presentMockLink(row);
  },
});

/** The page's mock for the mock editor: editors only, like mock/add. */
const infoByPageId = action(api.infoByPageId, {
  auth: 'required',
  async run(req, p) {
    const page = await mockablePage(req, p.page_id);
    const row = await mockOfPage(req.deps.db, page.pageId);
    return row ? presentMock(row) : [];
  },
});

const json = (body: string) => rawReply({ type: 'application/json; charset=utf-8', body });
const noKey = () => new ApiError(ErrorCode.GENERIC, 'No mock has this key', undefined, 404);

/** a live mock by key (its item and page not deleted) */
async function liveByKey(deps: AppDeps, key: string): Promise<MockRow> {
  const row = await mockByKey(deps.db, key);
  if (!row || !(await mockIsLive(deps.db, row))) throw noKey();
  return row;
}

const infoByKey = action(api.infoByKey, {
  auth: 'optional',
  async run(req, p) {
    await req.deps.limits.take('mock', { uid: req.user?.uid, ip: req.ip });
    const row = await liveByKey(req.deps, p.unique_key);
    return json(await generatePublicMock(row.template));
  },
});

function reply(ctx: Koa.Context, body: string): void {
  ctx.status = 200;
  ctx.type = 'application/json; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/**
 * Mock URLs are public and cookie-free, so front ends on any origin may call them (CORS '*');
 * a preflight is answered without generating anything. true when the request was a preflight.
 */
function corsPreflight(ctx: Koa.Context): boolean {
  ctx.set('Access-Control-Allow-Origin', '*');
  if (ctx.method !== 'OPTIONS' || !ctx.get('access-control-request-method')) return false;
  ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS');
  const headers = ctx.get('access-control-request-headers');
  if (headers) ctx.set('Access-Control-Allow-Headers', headers.slice(0, 1000));
  ctx.set('Access-Control-Max-Age', '600');
  ctx.status = 204;
  return true;
}

/** /mock-path/<item_id>?path=/x — any HTTP method */
export const mockPath: SpecialHandler = async (ctx, deps, itemIdText) => {
  if (corsPreflight(ctx)) return;
  try {
    await deps.limits.take('mock', { ip: ctx.ip }, 429);
    const rawPath = ctx.query.path;
    const path = normalizeMockPath(typeof rawPath === 'string' ? rawPath : '/');
    const item = /^\d{1,10}$/.test(itemIdText) ? await findItemCached(deps, itemIdText) : undefined;
    const row = item ? await mockByPath(deps.db, item.itemId, path) : undefined;
    if (!row || !(await mockIsLive(deps.db, row))) throw new ApiError(ErrorCode.GENERIC, 'No mock is defined for path {path} in this item', { path }, 404);
    const body = await generatePublicMock(row.template);
    await countMockView(deps.db, row.id);
    reply(ctx, body);
  } catch (err) {
    sendFailure(ctx, err, deps.log);
  }
};

/** /mock-data/<unique_key> */
export const mockData: SpecialHandler = async (ctx, deps, key) => {
  if (corsPreflight(ctx)) return;
  try {
    await deps.limits.take('mock', { ip: ctx.ip }, 429);
    const row = await liveByKey(deps, key);
    reply(ctx, await generatePublicMock(row.template));
  } catch (err) {
    sendFailure(ctx, err, deps.log);
  }
};

export default controller('mock', { add, infoByPageId, infoByKey });
