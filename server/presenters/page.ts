// Page and page-history rows → the JSON shapes of spec §3 (ShowDoc field names, ids as text
// (fetched), times formatted 'Y-m-d H:i:s'; page_addtime falls back to addtime).
import { isWorkbookContent } from '../../shared/sheet/workbook';
import { parseWorkbookContent } from '../../shared/sheet/content';
import { diffWorkbooks } from '../../shared/sheet/diff';
import type { PageData } from '../db/repos/pages';
import type { HistoryRow } from '../db/repos/pageHistory';
import type { ShareRow } from '../db/repos/shares';
import type { LockInfoAnswer, PageAnswer, PageDiffAnswer, PageHistoryAnswer, PageInfoAnswer, PathStep, SavedPageAnswer, SinglePageLink } from '../../shared/api/page';
import type { AsShowDoc } from '../../shared/dbText';
import { dbNum, fetched } from './fetched';
import type { OpenPageAnswer } from '../../shared/api/open';
import { formatTime } from './time';

export function presentPage(p: PageData): PageAnswer {
  const { version, ...row } = {
    page_id: p.pageId,
    item_id: p.itemId,
    cat_id: p.catId,
    page_title: p.pageTitle,
    page_content: p.pageContent,
    s_number: p.sNumber,
    author_uid: p.authorUid,
    author_username: p.authorUsername,
    addtime: formatTime(p.addtime),
    page_addtime: formatTime(p.pageAddtime || p.addtime),
    page_comments: p.pageComments,
    ext_info: p.extInfo,
    is_del: p.isDel,
    version: p.version,
  };
  // the row as ShowDoc fetches it (ids as text); Quire's version stays a number
  return { ...fetched(row), version };
}

/** page/info: the page with its attachment count, share key and (with_path) its path. */
export function presentPageInfo(p: PageData, extras: { attachmentCount: number; uniqueKey: string; fullPath?: AsShowDoc<PathStep>[] }): PageInfoAnswer {
  const info: PageInfoAnswer = { ...presentPage(p), attachment_count: extras.attachmentCount, unique_key: extras.uniqueKey };
  if (extras.fullPath) info.full_path = extras.fullPath;
  return info;
}

/** A share link shows the page only: nothing that points into the item. */
export function presentSharedPage(p: PageData, attachmentCount: number, share: Pick<ShareRow, 'uniqueKey' | 'expireTime'>): PageInfoAnswer {
  const { item_id: _i, cat_id: _c, ...rest } = presentPage(p);
  void _i;
  void _c;
  return { ...rest, attachment_count: attachmentCount, unique_key: share.uniqueKey, ...fetched({ expire_time: share.expireTime }) };
}

/** page/info's full_path: the catalogs from the top level down, then the page. */
export function presentPath(catalogs: { cat_id: number; cat_name: string }[], p: Pick<PageData, 'pageId' | 'pageTitle'>): AsShowDoc<PathStep>[] {
  return [...catalogs.map(fetched), fetched({ page_id: p.pageId, page_title: p.pageTitle })];
}

export function presentHistory(h: HistoryRow): PageHistoryAnswer {
  return fetched({
    page_history_id: h.pageHistoryId,
    page_id: h.pageId,
    item_id: h.itemId,
    cat_id: h.catId,
    page_title: h.pageTitle,
    page_content: h.pageContent,
    s_number: h.sNumber,
    author_uid: h.authorUid,
    author_username: h.authorUsername,
    page_comments: h.pageComments,
    addtime: formatTime(h.addtime),
  });
}

/** page/diff: the page now and the version asked for. */
export function presentDiff(p: PageData, h: HistoryRow): PageDiffAnswer {
  const answer: PageDiffAnswer = { page: presentPage(p), history_page: presentHistory(h) };
  if (isWorkbookContent(p.pageContent)) answer.sheet_diff = diffWorkbooks(parseWorkbookContent(h.pageContent), parseWorkbookContent(p.pageContent));
  return answer;
}

export function presentSaved(r: { pageId: number; itemId: number; catId: number; version: number; created: boolean }, title: string): SavedPageAnswer {
  const row = { ...fetched({ page_id: r.pageId, item_id: r.itemId, cat_id: r.catId, page_title: title }), version: r.version, created: r.created };
  // ShowDoc answers a new page with its insert id (a number), a saved-over one with the row read back
  return r.created ? { ...row, page_id: r.pageId } : row;
}

export function presentShareLink(s: Pick<ShareRow, 'uniqueKey' | 'pageId' | 'expireTime'>): SinglePageLink {
  return { unique_key: s.uniqueKey, page_id: s.pageId, expire_time: s.expireTime };
}

/** page/setLock: the lock row's id (0 after a release). */
export function presentLockId(id: number): { id: number } {
  return { id };
}

/** page/isLock: the page's live lock (if any), and whether the viewer holds it. */
export function presentLock(lock: { lockUid: number; lockUsername: string; mode: string } | undefined, viewerUid: number | undefined): LockInfoAnswer {
  const mine = !!lock && viewerUid !== undefined && lock.lockUid === viewerUid;
  return {
    lock: lock ? 1 : 0,
    lock_uid: lock ? dbNum(lock.lockUid) : '',
    lock_username: lock?.lockUsername ?? '',
    lock_mode: lock?.mode ?? '',
    is_cur_user: mine ? 1 : 0,
    exceed: 0,
  };
}

/** open/updatePage: the row as stored, as ShowDoc returns it (every number as text; times unix seconds). */
export function presentOpenPage(p: PageData): OpenPageAnswer {
  return fetched({
    page_id: p.pageId,
    author_uid: p.authorUid,
    author_username: p.authorUsername,
    item_id: p.itemId,
    cat_id: p.catId,
    page_title: p.pageTitle,
    page_content: p.pageContent,
    s_number: p.sNumber,
    addtime: p.addtime,
    page_comments: p.pageComments,
    is_del: p.isDel,
    page_addtime: p.pageAddtime,
    ext_info: p.extInfo,
  });
}
