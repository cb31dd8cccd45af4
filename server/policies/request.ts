// Glue between a request and the decisions: reads the caller's proofs for private items
// (_item_pwd or the grant cookie) and answers with an ItemAccess; pages and catalogs are
// checked against the viewer's catalog limit. Handlers call only these.
import { and, eq } from 'drizzle-orm';
import type { ActionRequest, SessionUser } from '../http/action';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/apiError';
import { ErrorCode } from '../../shared/errors';
import { pages } from '../db/schema';
import { decideItemAccess, requireVisit, topCatalogAllowed, type ItemAccess, type ItemRow } from './itemAccess';
import { catalogTopMap, findItem, loadGrants } from './load';
import { GRANT_COOKIE, grantValid, itemPasswordMatches } from './itemPassword';
import { hit, LIMITS, peek } from '../auth/throttle';

export type PageRow = typeof pages.$inferSelect;

type Req = Pick<ActionRequest, 'deps' | 'user' | 'params' | 'ctx'>;

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
  const grants = user ? await loadGrants(deps.db, item.itemId, user.uid) : [];
  let passwordProven = false;
  if (item.password) {
    if (proofs.grantCookie && grantValid(proofs.grantCookie, item, await deps.settings.serverSecret())) passwordProven = true;
    else if (proofs.itemPwd) passwordProven = await itemPasswordMatches(item, proofs.itemPwd);
  }
  return decideItemAccess(item, user ? { uid: user.uid, isAdmin: user.isAdmin } : null, grants, { passwordProven });
}

/**
 * Decides access for a loaded item, with the request's proofs for private items.
 * `_item_pwd` may ride on any request, so wrong ones are counted per IP: past the limit it is
 * ignored (no answer tells a guess from a right one), which keeps guessing as slow as item/pwd.
 */
export async function accessToItem(req: Req, item: ItemRow): Promise<ItemAccess> {
  const pwd = req.params.get('_item_pwd');
  let itemPwd = typeof pwd === 'string' && pwd !== '' ? pwd : undefined;
  const limit = LIMITS.itemPasswordParamFailuresPerIp;
  const failKey = `rl:${limit.name}:${req.ctx.ip}`;
  if (itemPwd && item.password && (await peek(req.deps.db, failKey, req.deps.now())) >= limit.max) itemPwd = undefined;
  const access = await accessForViewer(req.deps, req.user, item, { itemPwd, grantCookie: req.ctx.cookies.get(GRANT_COOKIE) });
  if (itemPwd && item.password && !(await itemPasswordMatches(item, itemPwd))) await hit(req.deps.db, failKey, limit.windowSeconds, req.deps.now());
  return access;
}

/** Loads a live item by id or domain (10101 when missing) and decides access. */
export async function accessToItemId(req: Req, idOrDomain: string | number): Promise<ItemAccess> {
  const item = await findItem(req.deps.db, idOrDomain);
  if (!item) throw itemNotFound();
  return accessToItem(req, item);
}

/** Whether a page is inside the viewer's catalog limit. */
export async function pageInCatalogLimit(req: Req, access: ItemAccess, catId: number): Promise<boolean> {
  if (access.catIds === null) return true;
  if (catId === 0) return false;
  const top = await catalogTopMap(req.deps.db, access.item.itemId);
  return topCatalogAllowed(access, top.get(catId) ?? 0);
}

/** Whether a catalog is inside the viewer's limit. */
export async function catalogInLimit(req: Req, access: ItemAccess, catId: number): Promise<boolean> {
  return pageInCatalogLimit(req, access, catId);
}

export async function findPage(req: Req, pageId: number, opts: { includeDeleted?: boolean } = {}): Promise<PageRow | undefined> {
  if (!Number.isInteger(pageId) || pageId <= 0) return undefined;
  const where = opts.includeDeleted ? eq(pages.pageId, pageId) : and(eq(pages.pageId, pageId), eq(pages.isDel, 0));
  const [row] = await req.deps.db.select().from(pages).where(where).limit(1);
  return row;
}

/**
 * A live page the caller may read: the item is derived from the page (never from the request),
 * visit is checked, and so is the catalog limit. 10101 when missing.
 */
export async function readablePage(req: Req, pageId: number): Promise<{ page: PageRow; access: ItemAccess }> {
  const page = await findPage(req, pageId);
  if (!page) throw pageNotFound();
  const item = await findItem(req.deps.db, page.itemId);
  if (!item) throw pageNotFound();
  const access = await accessToItem(req, item);
  requireVisit(access);
  if (!(await pageInCatalogLimit(req, access, page.catId))) throw new ApiError(ErrorCode.NO_PERMISSION, 'No permission');
  return { page, access };
}
