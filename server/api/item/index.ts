// /api/item/* (spec §7 Items) — item/search lives in itemSearch.ts.
import { z } from 'zod';
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { ITEM_DESCRIPTION_MAX_CHARS, ITEM_NAME_MAX_CHARS, MEMBER_GROUP } from '../../shared/limits';
import { accessToItem, accessToItemId, findPage, itemNotFound } from '../policies/request';
import { requireManage, requireVisit, type ItemAccess } from '../policies/itemAccess';
import { findItem, findItemCached } from '../policies/load';
import { findUserByName } from '../domain/accounts';
import { checkOwnerPassword as checkOwnerPasswordThrottled } from '../domain/items/ownerPassword';
import { countUnread } from '../domain/notices/count';
import { checkItemDomain, ITEM_DOMAIN_MAX_CHARS } from '../domain/items/itemDomain';
import { ITEM_PASSWORD_MAX_CHARS, resolveItemPassword } from '../domain/items/visibility';
import { createItem } from '../domain/items/create';
import { copyItem } from '../domain/items/copy';
import { listMyItems, saveItemOrder } from '../domain/items/myList';
import { loadMenu, resolveDefaultPage } from '../domain/items/menu';
import { cachedMenuSource } from '../domain/items/menuCache';
import { updateItem } from '../domain/items/update';
import { archiveItem, attornItem, deleteItem } from '../domain/items/lifecycle';
import { exitItem as leaveItem } from '../domain/items/exit';
import { getOrCreateKey, resetToken } from '../domain/items/keys';
import { presentItemDetail, presentItemKey, presentListedItem } from '../presenters/item';
import { presentItemInfo } from '../presenters/itemInfo';
import { withFragments } from '../lib/jsonFragment';
import { checkCaptcha } from '../auth/captcha';
import { captchaProof } from '../http/captchaCookie';
import { enforce, LIMITS } from '../auth/throttle';
import { GRANT_COOKIE, itemPasswordMatches, withGrant } from '../policies/itemPassword';
import { clearItemPasswordFailures, countItemPasswordFailure, itemPasswordNeedsCaptcha } from '../domain/items/passwordAttempts';
import { menuFor } from '../domain/items/menuMemo';

const ITEM_TYPES = [0, 1, 2, 3, 4];

/** `is_private` when the client sent it (1/0), else null (ShowDoc clients send only `password`). */
const isPrivateParam = (req: ActionRequest) => (req.params.has('is_private') ? req.params.bool('is_private') : null);

/**
 * Copying an item needs the right to edit it; archived and read-only-display sources may still be
 * copied. A member limited to some catalogs may not copy: the copy would carry the others too.
 */
function requireCopySource(a: ItemAccess): void {
  requireVisit(a);
  if (!(a.canManage || a.memberGroup >= MEMBER_GROUP.edit)) throw new ApiError(ErrorCode.NO_PERMISSION, 'You do not have permission to copy this item');
  if (a.catIds !== null && !a.canManage) throw new ApiError(ErrorCode.NO_PERMISSION, 'You do not have permission to copy this item');
}

const myList = action({
  auth: 'required',
  async run(req) {
    const original = req.params.bool('original');
    const groupId = req.params.int('item_group_id', 0);
    const rows = await listMyItems(req.deps.db, req.me().uid, { original, groupId });
    return rows.map(presentListedItem);
  },
});

const itemList = action({
  auth: 'required',
  async run(req) {
    const rows = await listMyItems(req.deps.db, req.me().uid, { original: true, groupId: 0 });
    return rows.map(presentListedItem);
  },
});

const sortSchema = z.record(z.string().regex(/^\d{1,10}$/), z.union([z.number().int(), z.string().regex(/^-?\d{1,9}$/).transform(Number)]));

const sort = action({
  auth: 'required',
  async run(req) {
    const data = req.params.json('data', sortSchema, { required: true, max: 200_000 })!;
    const groupId = req.params.int('item_group_id', 0);
    await saveItemOrder(req.deps.db, req.me().uid, groupId, data, req.deps.now());
    return [];
  },
});

const add = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const { params, deps } = req;
    const name = params.str('item_name', { max: ITEM_NAME_MAX_CHARS });
    const description = params.str('item_description', { max: ITEM_DESCRIPTION_MAX_CHARS });
    const password = params.str('password', { raw: true, max: ITEM_PASSWORD_MAX_CHARS });
    const copyFrom = params.id('copy_item_id');
    if (copyFrom > 0) {
      const source = await findItem(deps.db, copyFrom);
      if (!source) throw itemNotFound();
      requireCopySource(await accessToItem(req, source));
      const isPrivate = isPrivateParam(req);
      const passwordHash = isPrivate === null && password === '' ? null : await resolveItemPassword({ isPrivate, password }, source);
      const item = await copyItem(deps, source, { uid: me.uid, username: me.username, name, description, passwordHash });
      return { item_id: item.itemId };
    }
    if (!name) throw new ApiError(ErrorCode.VALIDATION, 'Please enter the item name');
    const itemType = params.int('item_type', 1);
    if (!ITEM_TYPES.includes(itemType)) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'item_type' });
    const domain = await checkItemDomain(deps.db, params.str('item_domain', { max: ITEM_DOMAIN_MAX_CHARS + 1 }));
    const passwordHash = await resolveItemPassword({ isPrivate: isPrivateParam(req), password }, null);
    const item = await createItem(deps, { uid: me.uid, username: me.username, name, description, domain, passwordHash, itemType });
    return { item_id: item.itemId };
  },
});

const info = action({
  auth: 'optional',
  async run(req) {
    const { params, deps } = req;
    const pageId = params.id('page_id');
    let idOrDomain = params.str('item_id', { max: 60 }) || params.str('item_domain', { max: 60 });
    if (!idOrDomain && pageId > 0) {
      const page = await findPage(req, pageId);
      if (page) idOrDomain = String(page.itemId);
    }
    // cached like every item read: other processes' writes arrive as 'reads.stale' (over Redis)
    const item = await findItemCached(deps, idOrDomain);
    if (!item) throw new ApiError(ErrorCode.GENERIC, 'The item does not exist or has been deleted');
    if (!req.user && (await deps.settings.get()).force_login) throw new ApiError(ErrorCode.FORCE_LOGIN, 'Please log in first');
    const access = await accessToItem(req, item);
    requireVisit(access);
    const keyword = params.str('keyword', { max: 200 });
    const menu = keyword
      ? await loadMenu(deps.db, item.itemId, { catIds: access.catIds, keyword })
      : menuFor(await cachedMenuSource(deps, item), access.catIds);
    const defaultPage = resolveDefaultPage(menu, params.id('default_page_id') || pageId);
    const unreadCount = req.user ? await countUnread(deps.db, req.user.uid) : 0;
    // the menu is a cached JSON fragment: the envelope splices it in (and can gzip it for free)
    return withFragments(presentItemInfo(access, { menu, defaultPage, isLogin: !!req.user, unreadCount }));
  },
});

/** Loads the item named by item_id and checks manage rights. */
async function managed(req: ActionRequest, opts: { change?: boolean } = {}): Promise<ItemAccess> {
  const access = await accessToItemId(req, req.params.str('item_id', { required: true, max: 60 }));
  requireManage(access, opts);
  return access;
}

/** Delete, archive and transfer need the item owner's login password, whoever asks. */
async function checkOwnerPassword(req: ActionRequest, access: ItemAccess): Promise<void> {
  const password = req.params.str('password', { raw: true, max: 128 });
  await checkOwnerPasswordThrottled(req.deps, req.me().uid, access.item.uid, password);
}

const detail = action({
  auth: 'required',
  async run(req) {
    return presentItemDetail((await managed(req)).item);
  },
});

const update = action({
  auth: 'required',
  async run(req) {
    const { params, deps } = req;
    const access = await managed(req, { change: true });
    const item = access.item;
    const name = params.has('item_name') ? params.str('item_name', { max: ITEM_NAME_MAX_CHARS }) : undefined;
    if (name === '') throw new ApiError(ErrorCode.VALIDATION, 'Please enter the item name');
    const description = params.has('item_description') ? params.str('item_description', { max: ITEM_DESCRIPTION_MAX_CHARS }) : undefined;
    const domain = params.has('item_domain')
      ? await checkItemDomain(deps.db, params.str('item_domain', { max: ITEM_DOMAIN_MAX_CHARS + 1 }), item.itemId)
      : undefined;
    const isPrivate = isPrivateParam(req);
    const touchesVisibility = isPrivate !== null || params.has('password');
    const passwordHash = touchesVisibility
      ? await resolveItemPassword({ isPrivate, password: params.str('password', { raw: true, max: ITEM_PASSWORD_MAX_CHARS }) }, item)
      : undefined;
    const row = await updateItem(deps, item, { name, description, domain, passwordHash });
    return presentItemDetail(row);
  },
});

const del = action({
  auth: 'required',
  async run(req) {
    const access = await managed(req);
    await checkOwnerPassword(req, access);
    await deleteItem(req.deps, access.item);
    return [];
  },
});

const archive = action({
  auth: 'required',
  async run(req) {
    const access = await managed(req);
    await checkOwnerPassword(req, access);
    await archiveItem(req.deps, access.item);
    return [];
  },
});

const attorn = action({
  auth: 'required',
  async run(req) {
    const access = await managed(req);
    const username = req.params.str('username', { max: 254 });
    await checkOwnerPassword(req, access);
    const to = username ? await findUserByName(req.deps, username) : undefined;
    if (!to) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User {username} does not exist', { username });
    const row = await attornItem(req.deps, access.item, { uid: to.uid, username: to.username });
    return presentItemDetail(row);
  },
});

const exitItem = action({
  auth: 'required',
  async run(req) {
    const access = await accessToItemId(req, req.params.str('item_id', { required: true, max: 60 }));
    if (access.isOwner) throw new ApiError(ErrorCode.GENERIC, 'The creator cannot leave the item; transfer or delete it instead');
    if (!access.isMember) throw new ApiError(ErrorCode.GENERIC, 'You are not a member of this item');
    await leaveItem(req.deps, access.item.itemId, req.me().uid);
    return [];
  },
});

const getKey = action({
  auth: 'required',
  async run(req) {
    const access = await managed(req);
    return presentItemKey(await getOrCreateKey(req.deps, access.item.itemId));
  },
});

const resetKey = action({
  auth: 'required',
  async run(req) {
    const access = await managed(req, { change: true });
    return presentItemKey(await resetToken(req.deps, access.item.itemId));
  },
});

const GRANT_MAX_AGE_MS = 30 * 86400 * 1000;

/** ShowDoc sends refer_url base64-encoded; only a path on this site is given back. */
function safeReferUrl(raw: string): string {
  if (!raw) return '';
  let url = raw;
  if (!raw.startsWith('/')) {
    try {
      url = Buffer.from(raw, 'base64').toString('utf8');
    } catch {
      return '';
    }
  }
  return /^\/(?![/\\])[^\s]*$/.test(url) ? url : '';
}

/** item/pwd: proves a private item's password; remembered as a grant cookie (policies/itemPassword). */
const pwd = action({
  auth: 'optional',
  async run(req) {
    const { params, deps, ctx } = req;
    await enforce(deps.db, LIMITS.itemPasswordPerIp, req.ip, deps.now());
    const pageId = params.id('page_id');
    const page = pageId > 0 ? await findPage(req, pageId) : undefined;
    const item = await findItem(deps.db, page ? page.itemId : params.str('item_id', { max: 60 }));
    if (!item) throw itemNotFound();
    const password = params.str('password', { raw: true, max: ITEM_PASSWORD_MAX_CHARS });
    if (await itemPasswordNeedsCaptcha(deps, item.itemId, req.ip)) {
      await checkCaptcha(deps.db, captchaProof(req), deps.now(), deps.config.testCaptcha);
    }
    if (item.password) {
      if (!(await itemPasswordMatches(item, password))) {
        if (await countItemPasswordFailure(deps, item.itemId, req.ip)) {
          throw new ApiError(ErrorCode.ITEM_PASSWORD_CAPTCHA, 'Wrong password; enter the verification code as well');
        }
        throw new ApiError(ErrorCode.ITEM_PASSWORD_WRONG, 'Wrong password');
      }
      await clearItemPasswordFailures(deps, item.itemId, req.ip);
      const cookie = withGrant(ctx.cookies.get(GRANT_COOKIE), item, await deps.settings.serverSecret());
      ctx.cookies.set(GRANT_COOKIE, cookie, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: GRANT_MAX_AGE_MS, overwrite: true });
    }
    return { item_id: item.itemId, refer_url: safeReferUrl(params.str('refer_url', { max: 2000 })) };
  },
});

export default controller('item', {
  myList,
  itemList,
  sort,
  add,
  info,
  detail,
  pwd,
  update,
  delete: del,
  archive,
  attorn,
  exitItem,
  getKey,
  resetKey,
});
