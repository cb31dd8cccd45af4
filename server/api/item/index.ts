// /api/item/* (spec §7 Items) — item/search lives in ./search.ts.
import { action, controller, type ActionRequest } from '../../http/action';
import { readyAnswer } from '../../http/readyAnswer';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import * as api from '../../../shared/api/item';
import { accessToItem, accessToItemId, findPage, itemNotFound, managedItem } from '../../policies/request';
import { requireVisit, type ItemRow } from '../../policies/itemAccess';
import { canCopyItem, canReadAnonymously, listedItemRights, requireMayLeave, visibleTopCatalogs } from '../../policies/items';
import { findItem, findItemCached } from '../../policies/load';
import { GRANT_COOKIE, itemPasswordMatches, withGrant } from '../../policies/itemPassword';
import { clearItemPasswordFailures, countItemPasswordFailure, itemPasswordNeedsCaptcha } from '../../policies/itemPasswordAttempts';
import { findUserByName } from '../../domain/accounts';
import { checkOwnerPassword as checkOwnerPasswordThrottled } from '../../domain/items/ownerPassword';
import { cachedUnreadCount } from '../../domain/notices/unreadCache';
import { checkItemDomain } from '../../domain/items/itemDomain';
import { resolveItemPassword } from '../../domain/items/visibility';
import { createItem } from '../../domain/items/create';
import { copyItem } from '../../domain/items/copy';
import { listMyItems, saveItemOrder } from '../../domain/items/myList';
import { groupsHolding, parseGroupIds, placeInGroups } from '../../domain/items/groups';
import { catalogPathOf, loadMenu, resolveDefaultPage } from '../../domain/items/menu';
import { cachedMenuSource } from '../../domain/items/menuCache';
import { menuFor } from '../../domain/items/menuMemo';
import { updateItem } from '../../domain/items/update';
import { archiveItem, attornItem, deleteItem } from '../../domain/items/lifecycle';
import { exitItem as leaveItem } from '../../domain/items/exit';
import { getOrCreateKey, resetToken } from '../../domain/items/keys';
import { presentItemDetail, presentItemKey, presentItemPwd, presentListedItem, presentNewItem } from '../../presenters/item';
import { presentItemInfo } from '../../presenters/itemInfo';
import { checkCaptcha } from '../../auth/captcha';
import { captchaProof } from '../../http/captchaCookie';
import { enforce, LIMITS } from '../../auth/throttle';

const ITEM_TYPES = [0, 1, 2, 3, 4];

/** Re-sending an item's current password keeps its hash (remembered grants stay valid). */
const isCurrentPassword = (item: ItemRow) => (password: string) => itemPasswordMatches(item, password);

/** The caller's items, each with what the policies say the caller may do with it. */
async function myItems(req: ActionRequest, opts: { original: boolean; groupId: number }) {
  const uid = req.me().uid;
  const rows = await listMyItems(req.deps.db, uid, opts);
  return rows.map((l) => presentListedItem(l.item, l.sNumber, listedItemRights(l.item, uid, l.grants), l.starred));
}

const myList = action(api.myList, {
  auth: 'required',
  async run(req, p) {
    return myItems(req, { original: p.original, groupId: p.item_group_id });
  },
});

const itemList = action(api.itemList, {
  auth: 'required',
  async run(req) {
    return myItems(req, { original: true, groupId: 0 });
  },
});

const sort = action(api.sort, {
  auth: 'required',
  async run(req, p) {
    await saveItemOrder(req.deps.db, req.me().uid, p.item_group_id, p.data!, req.deps.now());
    return [];
  },
});

const add = action(api.add, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const { deps } = req;
    const isPrivate = p.is_private ?? null;
    if (p.copy_item_id > 0) {
      const source = await findItem(deps.db, p.copy_item_id);
      if (!source) throw itemNotFound();
      const access = await accessToItem(req, source);
      requireVisit(access);
      if (!canCopyItem(access)) throw new ApiError(ErrorCode.NO_PERMISSION, 'You do not have permission to copy this item');
      const passwordHash =
        isPrivate === null && p.password === '' ? null : await resolveItemPassword({ isPrivate, password: p.password }, source, isCurrentPassword(source));
      const item = await copyItem(deps, source, { uid: me.uid, username: me.username, name: p.item_name, description: p.item_description, passwordHash });
      return presentNewItem(item);
    }
    if (!p.item_name) throw new ApiError(ErrorCode.VALIDATION, 'Please enter the item name');
    if (!ITEM_TYPES.includes(p.item_type)) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'item_type' });
    const domain = await checkItemDomain(deps.db, p.item_domain);
    const groupIds = parseGroupIds(p.item_group_ids, p.item_group_id);
    const passwordHash = await resolveItemPassword({ isPrivate, password: p.password }, null, async () => false);
    const item = await createItem(deps, {
      uid: me.uid,
      username: me.username,
      name: p.item_name,
      description: p.item_description,
      domain,
      passwordHash,
      itemType: p.item_type,
      allowComment: p.allow_comment,
      allowFeedback: p.allow_feedback,
      lang: req.lang,
    });
    if (groupIds.length) await placeInGroups(deps, me.uid, item.itemId, groupIds, false);
    return presentNewItem(item);
  },
});

const info = action(api.info, {
  auth: 'optional',
  async run(req, p) {
    const { deps } = req;
    let idOrDomain = p.item_id || p.item_domain;
    if (!idOrDomain && p.page_id > 0) {
      const page = await findPage(req, p.page_id);
      if (page) idOrDomain = String(page.itemId);
    }
    // cached like every item read: other processes' writes arrive as 'reads.stale' (over Redis)
    const item = await findItemCached(deps, idOrDomain);
    if (!item) throw new ApiError(ErrorCode.GENERIC, 'The item does not exist or has been deleted');
    if (!req.user && !canReadAnonymously(await deps.settings.get())) throw new ApiError(ErrorCode.FORCE_LOGIN, 'Please log in first');
    const access = await accessToItem(req, item);
    requireVisit(access);
    const visibleTops = visibleTopCatalogs(access);
    const menu = p.keyword ? await loadMenu(deps.db, item.itemId, { visibleTops, keyword: p.keyword }) : menuFor(await cachedMenuSource(deps, item), visibleTops);
    const defaultPage = resolveDefaultPage(menu, p.default_page_id || p.page_id);
    const unreadCount = req.user ? await cachedUnreadCount(deps, req.user.uid) : 0;
    const answer = presentItemInfo(access, { menu, defaultPage, defaultPath: catalogPathOf(menu, defaultPage), isLogin: !!req.user, unreadCount });
    // the whole menu is kept ready as bytes (with ETag); a keyword's filtered menu is built for one request
    return p.keyword || req.internal ? answer : readyAnswer(req.ctx, answer);
  },
});

/** The managed item, once the item owner's login password is proven: delete, archive and transfer need it, whoever asks. */
async function managedWithOwnerPassword(req: ActionRequest, p: { item_id: string; password: string }): Promise<ItemRow> {
  const { item } = await managedItem(req, p.item_id);
  await checkOwnerPasswordThrottled(req.deps, req.me().uid, item.uid, p.password);
  return item;
}

const detail = action(api.detail, {
  auth: 'required',
  async run(req, p) {
    const { item } = await managedItem(req, p.item_id);
    return presentItemDetail(item, await groupsHolding(req.deps.db, req.me().uid, item.itemId));
  },
});

const update = action(api.update, {
  auth: 'required',
  async run(req, p) {
    const { deps } = req;
    const { item } = await managedItem(req, p.item_id, { change: true });
    if (p.item_name === '') throw new ApiError(ErrorCode.VALIDATION, 'Please enter the item name');
    const domain = p.item_domain !== undefined ? await checkItemDomain(deps.db, p.item_domain, item.itemId) : undefined;
    // ShowDoc changes the caller's groups only when some are named
    const groupIds = parseGroupIds(p.item_group_ids, p.item_group_id);
    const isPrivate = p.is_private ?? null;
    const touchesVisibility = isPrivate !== null || p.password !== undefined;
    const passwordHash = touchesVisibility ? await resolveItemPassword({ isPrivate, password: p.password ?? '' }, item, isCurrentPassword(item)) : undefined;
    const row = await updateItem(deps, item, {
      name: p.item_name,
      description: p.item_description,
      domain,
      passwordHash,
      allowComment: p.allow_comment,
      allowFeedback: p.allow_feedback,
    });
    if (groupIds.length || p.item_group_ids.trim() === '[]') await placeInGroups(deps, req.me().uid, item.itemId, groupIds, true);
    return presentItemDetail(row, await groupsHolding(deps.db, req.me().uid, item.itemId));
  },
});

const del = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    const item = await managedWithOwnerPassword(req, p);
    await deleteItem(req.deps, item);
    return [];
  },
});

const archive = action(api.archive, {
  auth: 'required',
  async run(req, p) {
    const item = await managedWithOwnerPassword(req, p);
    await archiveItem(req.deps, item);
    return [];
  },
});

const attorn = action(api.attorn, {
  auth: 'required',
  async run(req, p) {
    const item = await managedWithOwnerPassword(req, p);
    const to = p.username ? await findUserByName(req.deps, p.username) : undefined;
    if (!to) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User {username} does not exist', { username: p.username });
    return presentItemDetail(await attornItem(req.deps, item, { uid: to.uid, username: to.username }));
  },
});

const exitItem = action(api.exitItem, {
  auth: 'required',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireMayLeave(access);
    await leaveItem(req.deps, access.item.itemId, req.me().uid);
    return [];
  },
});

const getKey = action(api.getKey, {
  auth: 'required',
  async run(req, p) {
    const { item } = await managedItem(req, p.item_id);
    return presentItemKey(await getOrCreateKey(req.deps, item.itemId));
  },
});

const resetKey = action(api.resetKey, {
  auth: 'required',
  async run(req, p) {
    const { item } = await managedItem(req, p.item_id, { change: true });
    return presentItemKey(await resetToken(req.deps, item.itemId));
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
const pwd = action(api.pwd, {
  auth: 'optional',
  async run(req, p) {
    const { deps, ctx } = req;
    await enforce(deps.db, LIMITS.itemPasswordPerIp, req.ip, deps.now());
    const page = p.page_id > 0 ? await findPage(req, p.page_id) : undefined;
    const item = await findItem(deps.db, page ? page.itemId : p.item_id);
    if (!item) throw itemNotFound();
    if (await itemPasswordNeedsCaptcha(deps, item.itemId, req.ip)) {
      await checkCaptcha(deps.db, captchaProof(req), deps.now(), deps.config.testCaptcha);
    }
    if (item.password) {
      if (!(await itemPasswordMatches(item, p.password))) {
        if (await countItemPasswordFailure(deps, item.itemId, req.ip)) {
          throw new ApiError(ErrorCode.ITEM_PASSWORD_CAPTCHA, 'Wrong password; enter the verification code as well');
        }
        throw new ApiError(ErrorCode.ITEM_PASSWORD_WRONG, 'Wrong password');
      }
      await clearItemPasswordFailures(deps, item.itemId, req.ip);
      const cookie = withGrant(ctx.cookies.get(GRANT_COOKIE), item, await deps.settings.serverSecret());
      ctx.cookies.set(GRANT_COOKIE, cookie, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: GRANT_MAX_AGE_MS, overwrite: true });
    }
    return presentItemPwd(item, safeReferUrl(p.refer_url));
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
