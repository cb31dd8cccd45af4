// /api/page/*: reading, saving, history, diff, delete, share links, ordering and HTTP edit locks.
// Upload actions (upload, uploadImg, uploadList, deleteUploadFile) live in pageUpload.ts.
import { pageInfoAnswer } from '../presenters/pageAnswer';
import { withFragments } from '../lib/jsonFragment';
import { z } from 'zod';
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { PAGE_TITLE_MAX_CHARS } from '../../shared/limits';
import { accessToItemId, findPage, pageInCatalogLimit, pageNotFound, readablePage } from '../policies/request';
import { requireEdit, type ItemAccess } from '../policies/itemAccess';
import { decodePageContent } from '../domain/pages/content';
import { catalogInItem, catalogPath } from '../domain/pages/catalogs';
import { savePage } from '../domain/pages/save';
import { findHistory, listHistory, updateHistoryComments } from '../domain/pages/history';
import { deletePage } from '../domain/pages/delete';
import { shareByKey, shareOfPage, toggleShare } from '../domain/pages/share';
import { attachmentCount } from '../domain/pages/read';
import { liveLock, setHttpLock } from '../domain/pages/httpLocks';
import { lockRuleFor } from '../policies/locks';
import { applyPageOrder, pagesOfItem } from '../domain/pages/sort';
import { findPageData } from '../domain/pages/find';
import { presentHistory, presentPage, presentSharedPage } from '../presenters/page';
import { catalogTopMap, findItem } from '../policies/load';
import { topCatalogAllowed } from '../policies/itemAccess';

const MAX_CONTENT_PARAM = 20_000_000;

/** An item_id sent next to a page_id must name the page's own item. */
function checkSameItem(req: ActionRequest, access: ItemAccess): void {
  const raw = req.params.str('item_id', { max: 50 });
  if (!raw || raw === '0') return;
  if (raw === String(access.item.itemId) || (access.item.itemDomain !== '' && raw === access.item.itemDomain)) return;
  throw new ApiError(ErrorCode.GENERIC, 'The page does not belong to this item');
}

/** cat_id must be a catalog of the item and inside the caller's catalog limit. */
async function checkTargetCatalog(req: ActionRequest, access: ItemAccess, catId: number): Promise<void> {
  if (!(await catalogInItem(req.deps.db, catId, access.item.itemId))) throw new ApiError(ErrorCode.GENERIC, 'Catalog not found in this item');
  if (!(await pageInCatalogLimit(req, access, catId))) throw new ApiError(ErrorCode.NO_PERMISSION, 'You may not write pages outside your catalogs');
}

const info = action({
  auth: 'optional',
  async run(req) {
    const key = req.params.str('unique_key', { max: 64 });
    if (key) return sharedPage(req, key);
    const { page } = await readablePage(req, req.params.id('page_id'));
    const extras = await req.deps.reads.pageExtras(page.pageId, async () => {
      const [share, attachmentCountOfPage] = await Promise.all([shareOfPage(req.deps, page.pageId), attachmentCount(req.deps.db, page.pageId)]);
      return { share, attachmentCount: attachmentCountOfPage };
    });
    // a cached key may have expired since it was read
    const share = extras.share && (extras.share.expireTime === 0 || extras.share.expireTime > req.deps.now()) ? extras.share : undefined;
    const uniqueKey = share?.uniqueKey ?? '';
    if (!req.params.bool('with_path')) return withFragments(pageInfoAnswer(page, extras, uniqueKey));
    const fullPath = [...(await catalogPath(req.deps.db, page.itemId, page.catId)), { page_id: page.pageId, page_title: page.pageTitle }];
    return { ...presentPage(page), attachment_count: extras.attachmentCount, unique_key: uniqueKey, full_path: fullPath };
  },
});

/** A share link serves its page to anyone, and nothing else of the item. */
async function sharedPage(req: ActionRequest, key: string) {
  const share = await shareByKey(req.deps, key);
  if (share === 'expired') throw new ApiError(ErrorCode.GENERIC, 'This share link has expired');
  if (!share) throw new ApiError(ErrorCode.GENERIC, 'This share link does not exist or was cancelled');
  const page = await findPageData(req.deps.db, share.pageId);
  if (!page || !(await findItem(req.deps.db, page.itemId))) throw pageNotFound();
  return {
    ...presentSharedPage(page),
    attachment_count: await attachmentCount(req.deps.db, page.pageId),
    unique_key: share.uniqueKey,
    expire_time: share.expireTime,
  };
}

const infoByKey = action({
  auth: 'optional',
  async run(req) {
    return sharedPage(req, req.params.str('unique_key', { required: true, max: 64 }));
  },
});

const save = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const p = req.params;
    const pageId = p.id('page_id');
    const content = decodePageContent(p.str('page_content', { raw: true, max: MAX_CONTENT_PARAM }), p.bool('is_urlencode'));
    let access: ItemAccess;
    if (pageId > 0) {
      const r = await readablePage(req, pageId);
      access = r.access;
      requireEdit(access);
      checkSameItem(req, access);
    } else {
      access = await accessToItemId(req, p.str('item_id', { required: true, max: 50 }));
      requireEdit(access);
    }
    let catId: number | undefined;
    if (p.has('cat_id') || pageId === 0) {
      catId = p.id('cat_id');
      await checkTargetCatalog(req, access, catId);
    }
    if (content.trim() === '') throw new ApiError(ErrorCode.NO_PERMISSION, 'Empty content cannot be saved; write something first');
    const title = p.str('page_title', { max: PAGE_TITLE_MAX_CHARS }) || (req.lang === 'zh' ? '默认标题' : 'Untitled');
    const r = await savePage(req.deps, {
      itemId: access.item.itemId,
      pageId,
      catId,
      title,
      content,
      sNumber: p.int('s_number', 0, { min: 0, max: 1_000_000 }),
      comments: p.str('page_comments', { max: 1000 }),
      extInfo: p.has('ext_info') ? p.str('ext_info', { max: 20_000 }) : undefined,
      uid: me.uid,
      username: me.username,
      source: p.bool('from_collab') ? 'collab' : 'http',
      respectLocks: lockRuleFor(me, 'http'),
    });
    return { page_id: r.pageId, item_id: r.itemId, cat_id: r.catId, page_title: title, version: r.version, created: r.created };
  },
});

const history = action({
  auth: 'optional',
  async run(req) {
    const { page } = await readablePage(req, req.params.id('page_id'));
    return (await listHistory(req.deps, page.pageId)).map(presentHistory);
  },
});

const updateHistoryCommentsAction = action({
  auth: 'required',
  async run(req) {
    const { page, access } = await readablePage(req, req.params.id('page_id'));
    requireEdit(access);
    const ok = await updateHistoryComments(req.deps.db, page.pageId, req.params.id('page_history_id'), req.params.str('page_comments', { max: 1000 }));
    if (!ok) throw new ApiError(ErrorCode.GENERIC, 'History version not found');
    return [];
  },
});

const diff = action({
  auth: 'optional',
  async run(req) {
    const { page } = await readablePage(req, req.params.id('page_id'));
    const h = await findHistory(req.deps.db, page.pageId, req.params.id('page_history_id'));
    if (!h) throw new ApiError(ErrorCode.GENERIC, 'History version not found');
    return { page: presentPage(page), history_page: presentHistory(h) };
  },
});

const del = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const { page, access } = await readablePage(req, req.params.id('page_id'));
    requireEdit(access);
    checkSameItem(req, access);
    if (!access.canManage && page.authorUid !== me.uid) {
      throw new ApiError(ErrorCode.NOT_MANAGER, "Only the item's managers or the page's author may delete this page");
    }
    await deletePage(req.deps, page, me);
    return [];
  },
});

const createSinglePage = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const { page, access } = await readablePage(req, req.params.id('page_id'));
    requireEdit(access);
    const flag = req.params.str('isCreateSiglePage', { max: 10 }).toLowerCase();
    const row = await toggleShare(req.deps, page.pageId, me.uid, flag === 'true' || flag === '1', req.params.int('expire_days', 0, { min: 0, max: 3650 }));
    return row ? { unique_key: row.uniqueKey, page_id: row.pageId, expire_time: row.expireTime } : [];
  },
});

const sortSchema = z.record(z.string().regex(/^\d{1,10}$/), z.union([z.number().int().min(0).max(1_000_000), z.string().regex(/^\d{1,7}$/)]));

const sort = action({
  auth: 'required',
  async run(req) {
    const access = await accessToItemId(req, req.params.str('item_id', { required: true, max: 50 }));
    requireEdit(access);
    const raw = req.params.json('pages', sortSchema, { required: true, max: 500_000 })!;
    const order = new Map(Object.entries(raw).map(([k, v]) => [Number(k), Number(v)]));
    if (order.size > 5000) throw new ApiError(ErrorCode.GENERIC, 'Too many pages in one sort (max {max})', { max: 5000 });
    const found = await pagesOfItem(req.deps, access.item.itemId, [...order.keys()]);
    if (found.length !== order.size) throw new ApiError(ErrorCode.GENERIC, 'Some pages do not belong to this item');
    if (access.catIds !== null) {
      const top = await catalogTopMap(req.deps.db, access.item.itemId);
      if (found.some((f) => !topCatalogAllowed(access, top.get(f.catId) ?? 0))) {
        throw new ApiError(ErrorCode.NO_PERMISSION, 'You may not write pages outside your catalogs');
      }
    }
    await applyPageOrder(req.deps, access.item.itemId, order);
    return [];
  },
});

const setLock = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const pageId = req.params.id('page_id');
    const lockTo = req.params.int('lock_to', 0, { min: 0, max: 2_147_483_647 });
    if (lockTo > 0 && lockTo <= req.deps.now()) {
      // releasing one's own lock needs no rights (ShowDoc sends it from the unload handler); the
      // answer is the same whether the page exists or not, so it tells a stranger nothing
      const page = await findPage(req, pageId);
      if (page) await setHttpLock(req.deps, { pageId, itemId: page.itemId, uid: me.uid, username: me.username, lockTo }, lockRuleFor(me, 'http'));
      return { id: 0 };
    }
    const { page, access } = await readablePage(req, pageId);
    requireEdit(access);
    checkSameItem(req, access);
    const r = await setHttpLock(req.deps, { pageId: page.pageId, itemId: page.itemId, uid: me.uid, username: me.username, lockTo }, lockRuleFor(me, 'http'));
    return { id: r.id };
  },
});

const isLock = action({
  auth: 'optional',
  async run(req) {
    const { page } = await readablePage(req, req.params.id('page_id'));
    const lock = await liveLock(req.deps, page.pageId);
    const mine = !!lock && !!req.user && lock.lockUid === req.user.uid;
    return {
      lock: lock ? 1 : 0,
      lock_uid: lock?.lockUid ?? 0,
      lock_username: lock?.lockUsername ?? '',
      lock_mode: lock?.mode ?? '',
      is_cur_user: mine ? 1 : 0,
      exceed: 0,
    };
  },
});

export default controller('page', {
  info,
  infoByKey,
  save,
  history,
  updateHistoryComments: updateHistoryCommentsAction,
  diff,
  delete: del,
  createSinglePage,
  sort,
  setLock,
  isLock,
});
