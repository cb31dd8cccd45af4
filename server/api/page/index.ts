// /api/page/*: reading, saving, history, diff, delete, share links, ordering and HTTP edit locks.
// The upload actions (upload, uploadImg, uploadList, deleteUploadFile) are the page controller's
// too; they are registered from their own file (api/pageUpload.ts, to become ./upload.ts).
import { pageInfoAnswer } from '../../presenters/pageAnswer';
import { withFragments } from '../../lib/jsonFragment';
import { action, controller, type ActionRequest } from '../../http/action';
import { ApiError, badParam, noPermission } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import * as api from '../../../shared/api/page';
import { accessToItemId, findPage, pageNotFound, placeOf, readablePage } from '../../policies/request';
import { requireEdit, type ItemAccess } from '../../policies/itemAccess';
import { findItem } from '../../policies/load';
import { placesOf } from '../../policies/pageRequest';
import {
  canAnnotateHistory,
  canDeletePage,
  canReadHistory,
  canSharePage,
  canSortPages,
  canWritePageInto,
  sentItemIsPageItem,
} from '../../policies/pageActions';
import { decodePageContent } from '../../domain/pages/content';
import { catalogInItem, catalogPath } from '../../domain/pages/catalogs';
import { savePage } from '../../domain/pages/save';
import { findHistory, listHistory, updateHistoryComments } from '../../domain/pages/history';
import { deletePage } from '../../domain/pages/delete';
import { shareByKey, shareIsLive, pageExtrasOf, toggleShare } from '../../domain/pages/share';
import { attachmentCount, findLivePage } from '../../domain/pages/read';
import { liveLock, setHttpLock } from '../../domain/pages/httpLocks';
import { lockRuleFor } from '../../policies/locks';
import { applyPageOrder, pagesOfItem } from '../../domain/pages/sort';
import {
  presentDiff,
  presentHistory,
  presentLock,
  presentLockId,
  presentPageInfo,
  presentPath,
  presentSaved,
  presentSharedPage,
  presentShareLink,
} from '../../presenters/page';

const outsideCatalogs = () => noPermission('You may not write pages outside your catalogs');
const historyNotFound = () => badParam('History version not found');

/** An item_id sent next to a page_id must name the page's own item. */
function checkSameItem(sent: string, access: ItemAccess): void {
  if (!sentItemIsPageItem(sent, access.item)) throw badParam('The page does not belong to this item');
}

/** cat_id must be a catalog of the item and inside the caller's catalog limit. */
async function checkTargetCatalog(req: ActionRequest, access: ItemAccess, catId: number): Promise<void> {
  if (!(await catalogInItem(req.deps.db, catId, access.item.itemId))) throw badParam('Catalog not found in this item');
  if (!canWritePageInto(access, await placeOf(req.deps, access, catId))) throw outsideCatalogs();
}

const info = action(api.info, {
  auth: 'optional',
  async run(req, p) {
    if (p.unique_key) return sharedPage(req, p.unique_key);
    const { page } = await readablePage(req, p.page_id);
    const extras = await req.deps.reads.pageExtras(page.pageId, () => pageExtrasOf(req.deps, page.pageId));
    // a cached key may have expired since it was read
    const share = extras.share && shareIsLive(extras.share, req.deps.now()) ? extras.share : undefined;
    const uniqueKey = share?.uniqueKey ?? '';
    if (!p.with_path) return withFragments(pageInfoAnswer(page, extras, uniqueKey));
    const fullPath = presentPath(await catalogPath(req.deps.db, page.itemId, page.catId), page);
    return presentPageInfo(page, { attachmentCount: extras.attachmentCount, uniqueKey, fullPath });
  },
});

/** A share link serves its page to anyone, and nothing else of the item. */
async function sharedPage(req: ActionRequest, key: string) {
  const share = await shareByKey(req.deps, key);
  if (share === 'expired') throw badParam('This share link has expired');
  if (!share) throw badParam('This share link does not exist or was cancelled');
  const page = await findLivePage(req.deps.db, share.pageId);
  if (!page || !(await findItem(req.deps.db, page.itemId))) throw pageNotFound();
  return presentSharedPage(page, await attachmentCount(req.deps.db, page.pageId), share);
}

const infoByKey = action(api.infoByKey, {
  auth: 'optional',
  async run(req, p) {
    return sharedPage(req, p.unique_key);
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const pageId = p.page_id;
    const content = decodePageContent(p.page_content, p.is_urlencode);
    let access: ItemAccess;
    if (pageId > 0) {
      access = (await readablePage(req, pageId)).access;
      requireEdit(access);
      checkSameItem(p.item_id, access);
    } else {
      if (!p.item_id) throw badParam('Parameter {name} is required', { name: 'item_id' });
      access = await accessToItemId(req, p.item_id);
      requireEdit(access);
    }
    let catId: number | undefined;
    if (p.cat_id !== undefined || pageId === 0) {
      catId = p.cat_id ?? 0;
      await checkTargetCatalog(req, access, catId);
    }
    // 10101 as ShowDoc's current back end answers it (the classic one said 10103, which clients read as "no permission")
    if (content.trim() === '') throw badParam('Empty content cannot be saved; write something first');
    const title = p.page_title || (req.lang === 'zh' ? '默认标题' : 'Untitled');
    const r = await savePage(req.deps, {
      itemId: access.item.itemId,
      pageId,
      catId,
      title,
      content,
      sNumber: p.s_number,
      comments: p.page_comments,
      extInfo: p.ext_info,
      uid: me.uid,
      username: me.username,
      source: p.from_collab ? 'collab' : 'http',
      respectLocks: lockRuleFor(me, 'http'),
    });
    return presentSaved(r, title);
  },
});

const history = action(api.history, {
  auth: 'optional',
  async run(req, p) {
    const { page, access, place } = await readablePage(req, p.page_id);
    if (!canReadHistory(access, place)) throw noPermission();
    return (await listHistory(req.deps, page.pageId)).map(presentHistory);
  },
});

const updateHistoryCommentsAction = action(api.updateHistoryComments, {
  auth: 'required',
  async run(req, p) {
    const { page, access, place } = await readablePage(req, p.page_id);
    requireEdit(access);
    if (!canAnnotateHistory(access, place)) throw noPermission();
    if (!(await updateHistoryComments(req.deps.db, page.pageId, p.page_history_id, p.page_comments))) throw historyNotFound();
    return [];
  },
});

const diff = action(api.diff, {
  auth: 'optional',
  async run(req, p) {
    const { page, access, place } = await readablePage(req, p.page_id);
    if (!canReadHistory(access, place)) throw noPermission();
    const h = await findHistory(req.deps.db, page.pageId, p.page_history_id);
    if (!h) throw historyNotFound();
    return presentDiff(page, h);
  },
});

const remove = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const { page, access, place } = await readablePage(req, p.page_id);
    requireEdit(access);
    checkSameItem(p.item_id, access);
    if (!canDeletePage(access, place, page)) {
      throw new ApiError(ErrorCode.NOT_MANAGER, "Only the item's managers or the page's author may delete this page");
    }
    await deletePage(req.deps, page, me);
    return [];
  },
});

const createSinglePage = action(api.createSinglePage, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const { page, access, place } = await readablePage(req, p.page_id);
    requireEdit(access);
    if (!canSharePage(access, place)) throw noPermission();
    const flag = p.isCreateSiglePage.toLowerCase();
    const row = await toggleShare(req.deps, page.pageId, me.uid, flag === 'true' || flag === '1', p.expire_days);
    return row ? presentShareLink(row) : [];
  },
});

const sort = action(api.sort, {
  auth: 'required',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireEdit(access);
    const order = new Map(Object.entries(p.pages!).map(([k, v]) => [Number(k), Number(v)]));
    if (order.size > 5000) throw badParam('Too many pages in one sort (max {max})', { max: 5000 });
    const found = await pagesOfItem(req.deps, access.item.itemId, [...order.keys()]);
    if (found.length !== order.size) throw badParam('Some pages do not belong to this item');
    const places = await placesOf(req.deps, access, found.map((f) => f.catId));
    if (!canSortPages(access, places)) throw outsideCatalogs();
    await applyPageOrder(req.deps, access.item.itemId, order);
    return [];
  },
});

const setLock = action(api.setLock, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const pageId = p.page_id;
    const lockTo = p.lock_to;
    if (lockTo > 0 && lockTo <= req.deps.now()) {
      // releasing one's own lock needs no rights (ShowDoc sends it from the unload handler); the
      // answer is the same whether the page exists or not, so it tells a stranger nothing
      const page = await findPage(req, pageId);
      if (page) await setHttpLock(req.deps, { pageId, itemId: page.itemId, uid: me.uid, username: me.username, lockTo }, lockRuleFor(me, 'http'));
      return presentLockId(0);
    }
    const { page, access } = await readablePage(req, pageId);
    requireEdit(access);
    checkSameItem(p.item_id, access);
    const r = await setHttpLock(req.deps, { pageId: page.pageId, itemId: page.itemId, uid: me.uid, username: me.username, lockTo }, lockRuleFor(me, 'http'));
    return presentLockId(r.id);
  },
});

const isLock = action(api.isLock, {
  auth: 'optional',
  async run(req, p) {
    const { page } = await readablePage(req, p.page_id);
    return presentLock(await liveLock(req.deps, page.pageId), req.user?.uid);
  },
});

export default controller('page', {
  info,
  infoByKey,
  save,
  history,
  updateHistoryComments: updateHistoryCommentsAction,
  diff,
  delete: remove,
  createSinglePage,
  sort,
  setLock,
  isLock,
});
