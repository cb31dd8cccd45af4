// Glue between a request and the decisions: reads the caller's proofs for private items
// (_item_pwd or the grant cookie) and answers with an ItemAccess; pages and catalogs are
// checked against the viewer's catalog limit. Handlers call only these.
import * as pageRepo from '../db/repos/pages';
import type { PageData } from '../db/repos/pages';
import type { SessionUser } from '../auth/sessionUser';
import type { AppDeps } from '../deps';
import { ApiError, tooManyRequests } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { decideItemAccess, requireManage, requireVisit, type ItemAccess, type ItemRow } from './itemAccess';
import { canEditPage, canReadPage, withinCatalogLimit, type PagePlace } from './pages';
import { catalogTopMap, findItemCached, loadGrantsCached } from './load';
import { GRANT_COOKIE, grantValid, itemPasswordMatches } from './itemPassword';
import { countItemPasswordParamFailure, itemPasswordParamWait } from './itemPasswordAttempts';

/** a page without its search vector (large, and never needed outside the database) */
export type PageRow = PageData;

/**
 * What the decisions need of a request (an API action's request has all of it): the caller, the
 * `_item_pwd` parameter of ShowDoc clients, and the client's address and grant cookie.
 */
export interface Asker {
  deps: AppDeps;
  user: SessionUser | null;
  params: { get(name: string): unknown };
  ctx: { ip: string; cookies: { get(name: string): string | undefined } };
}

type Req = Asker;

export const itemNotFound = () => new ApiError(ErrorCode.GENERIC, 'Item not found or deleted');
export const pageNotFound = () => new ApiError(ErrorCode.GENERIC, 'Page not found or deleted');

export interface PasswordProofs {
  /** plaintext password sent by ShowDoc clients as _item_pwd */
  itemPwd?: string;
  /** the item_grants cookie value */
  grantCookie?: string;
}

/** Decides access for a viewer outside an HTTP request (sockets, jobs). */
export async function accessForViewer(deps: AppDeps, user: SessionUser | null, item: ItemRow, proofs: PasswordProofs = {}): Promise<ItemAccess> {
  const grants = user ? await loadGrantsCached(deps, item.itemId, user.uid) : [];
  let passwordProven = false;
  if (item.password) {
    if (proofs.grantCookie && grantValid(proofs.grantCookie, item, await deps.settings.serverSecret())) passwordProven = true;
    else if (proofs.itemPwd) passwordProven = await itemPasswordMatches(item, proofs.itemPwd);
  }
  return decideItemAccess(item, user ? { uid: user.uid, isAdmin: user.isAdmin } : null, grants, { passwordProven });
}

/**
 * Access with an `_item_pwd`, which may ride on any request or socket message. The password is
 * only tried when nothing else opens the item (membership, the grant cookie), and through
 * item/pwd's limiter (policies/itemPasswordAttempts.ts): a wrong one is counted, and while the
 * address is over the limit for the item the password is refused with 10429, right or wrong.
 */
export async function accessWithItemPwd(
  deps: AppDeps,
  ip: string | (() => string),
  user: SessionUser | null,
  item: ItemRow,
  proofs: PasswordProofs,
): Promise<ItemAccess> {
  const access = await accessForViewer(deps, user, item, { grantCookie: proofs.grantCookie });
  const pwd: unknown = proofs.itemPwd;
  if (!access.needsPassword || typeof pwd !== 'string' || pwd === '') return access;
  if (typeof ip === 'function') ip = ip();
  const wait = await itemPasswordParamWait(deps, item.itemId, ip);
  if (wait > 0) throw tooManyRequests(wait);
  if (await itemPasswordMatches(item, pwd)) return accessForViewer(deps, user, item, { itemPwd: pwd });
  await countItemPasswordParamFailure(deps, item.itemId, ip);
  return access;
}

/** Decides access for a loaded item, with the request's proofs for private items. */
export async function accessToItem(req: Req, item: ItemRow): Promise<ItemAccess> {
  const pwd = req.params.get('_item_pwd');
  // the address and the cookie only when they can matter (an item without a password opens without
  // them): reading them on every page/info showed in its profile
  return accessWithItemPwd(req.deps, () => req.ctx.ip, req.user, item, {
    itemPwd: typeof pwd === 'string' ? pwd : undefined,
    grantCookie: item.password ? req.ctx.cookies.get(GRANT_COOKIE) : undefined,
  });
}

/** Loads a live item by id or domain (10101 when missing) and decides access. */
export async function accessToItemId(req: Req, idOrDomain: string | number): Promise<ItemAccess> {
  const item = await findItemCached(req.deps, idOrDomain);
  if (!item) throw itemNotFound();
  return accessToItem(req, item);
}

/** Loads a live item by id or domain and requires manage rights on it (`change`: and that it is not archived). */
export async function managedItem(req: Req, idOrDomain: string | number, opts: { change?: boolean } = {}): Promise<ItemAccess> {
  const access = await accessToItemId(req, idOrDomain);
  requireManage(access, opts);
  return access;
}

/** Where a catalog (or a page in it) stands for the catalog limit; loads the item's tree only for limited viewers. */
export async function placeOf(deps: Pick<AppDeps, 'db'>, access: ItemAccess, catId: number): Promise<PagePlace> {
  if (access.catIds === null || catId === 0) return { topCatId: 0 };
  const top = await catalogTopMap(deps.db, access.item.itemId);
  return { topCatId: top.get(catId) ?? 0 };
}

/** Whether a page is inside the viewer's catalog limit. */
export async function pageInCatalogLimit(req: Req, access: ItemAccess, catId: number): Promise<boolean> {
  return withinCatalogLimit(access, await placeOf(req.deps, access, catId));
}

/** Whether a catalog is inside the viewer's limit. */
export async function catalogInLimit(req: Req, access: ItemAccess, catId: number): Promise<boolean> {
  return pageInCatalogLimit(req, access, catId);
}

export async function findPage(req: Req, pageId: number, opts: { includeDeleted?: boolean } = {}): Promise<PageRow | undefined> {
  if (!Number.isInteger(pageId) || pageId <= 0) return undefined;
  if (opts.includeDeleted) return pageRepo.findById(req.deps.db, pageId, opts);
  // live pages come from the read cache (a deleted one is dropped from it by page.deleted); the
  // loader is written inline: a named closure costs a defineProperty per call under tsx (keepNames)
  return req.deps.reads.page(pageId, () => pageRepo.findById(req.deps.db, pageId, opts));
}

/**
 * A live page the caller may read: the item is derived from the page (never from the request),
 * visit is checked, and so is the catalog limit (`place`: where the page stands for it). 10101 when missing.
 */
export async function readablePage(req: Req, pageId: number): Promise<{ page: PageRow; access: ItemAccess; place: PagePlace }> {
  const page = await findPage(req, pageId);
  if (!page) throw pageNotFound();
  const item = await findItemCached(req.deps, page.itemId);
  if (!item) throw pageNotFound();
  const access = await accessToItem(req, item);
  requireVisit(access);
  const place = await placeOf(req.deps, access, page.catId);
  if (!canReadPage(access, place)) throw new ApiError(ErrorCode.NO_PERMISSION, 'No permission');
  return { page, access, place };
}

export interface PageAccess {
  access: ItemAccess;
  place: PagePlace;
  canRead: boolean;
  canEdit: boolean;
}

/**
 * A viewer's rights on a page outside an API request (socket rooms, co-editing, notices, downloads,
 * jobs): the page's own item decides, with the given proofs for private items. undefined when the
 * item is gone.
 */
export async function pageAccessForViewer(
  deps: AppDeps,
  user: SessionUser | null,
  page: Pick<PageData, 'itemId' | 'catId'>,
  proofs: PasswordProofs = {},
): Promise<PageAccess | undefined> {
  const item = await findItemCached(deps, page.itemId);
  if (!item) return undefined;
  const access = await accessForViewer(deps, user, item, proofs);
  const place = await placeOf(deps, access, page.catId);
  return { access, place, canRead: canReadPage(access, place), canEdit: canEditPage(access, place) };
}
