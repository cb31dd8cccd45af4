// "A page you watch was changed": one notice per page, watcher and editor every 10 minutes (a busy
// editing session is one notice), as for "a page you wrote was edited".
import type { AppDeps } from '../../deps';
import * as watchNoticeRepo from '../../db/repos/watchNotices';
import type { NoticeRow } from '../notices/create';
import { noticePageSave, type NoticedPage } from '../notices/pageEdited';

export function noticeWatchedPageChanged(deps: AppDeps, c: { toUid: number; editorUid: number; page: NoticedPage; title: string }): Promise<NoticeRow | null> {
  return noticePageSave(deps, c, {
    noticeType: 'page_changed',
    title: 'A page you watch was changed',
    template: '{from} changed the page {page} you watch in the item {item}.',
    sentSince: watchNoticeRepo.pageChangedSince,
  });
}
