// Page and page-history rows → the JSON shapes of spec §3 (ShowDoc field names, numeric ids,
// times formatted 'Y-m-d H:i:s'; page_addtime falls back to addtime).
import type { PageData } from '../domain/pages/columns';
import type { HistoryRow } from '../domain/pages/history';
import { formatTime } from './time';

export function presentPage(p: PageData) {
  return {
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
}

/** A share link shows the page only: nothing that points into the item. */
export function presentSharedPage(p: PageData) {
  const { item_id: _i, cat_id: _c, ...rest } = presentPage(p);
  void _i;
  void _c;
  return rest;
}

export function presentHistory(h: HistoryRow) {
  return {
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
  };
}
