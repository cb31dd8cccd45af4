// "A page you watch was changed": one notice per page, watcher and editor every 10 minutes (a busy
// editing session is one notice), as for "a page you wrote was edited".
import type { AppDeps } from '../../deps';
import * as watchNoticeRepo from '../../db/repos/watchNotices';
import * as subjectRepo from '../../db/repos/noticeSubjects';
import { findUserById } from '../accounts';
import { displayName } from '../members/usernames';
import { bilingual, escapeHtml, itemLink, pageLink, phrase } from '../notices/content';
import { createNoticeOnce } from '../notices/dedupe';
import type { NoticeRow } from '../notices/create';
import { PAGE_EDIT_NOTICE_WINDOW, type NoticedPage } from '../notices/pageEdited';

export async function noticeWatchedPageChanged(
  deps: AppDeps,
  c: { toUid: number; editorUid: number; page: NoticedPage; title: string },
): Promise<NoticeRow | null> {
  const { toUid, editorUid, page } = c;
  const since = deps.now() - PAGE_EDIT_NOTICE_WINDOW;
  return createNoticeOnce(
    deps,
    `notice:watch:${page.pageId}:${toUid}:${editorUid}`,
    (tx) => watchNoticeRepo.pageChangedSince(tx, { toUid, pageId: page.pageId, fromUid: editorUid, since }),
    async () => {
      const editor = editorUid > 0 ? await findUserById(deps, editorUid) : undefined;
      const item = await subjectRepo.itemName(deps.db, page.itemId);
      if (!item) return null;
      const fromName = editor ? displayName(editor) : 'Open API';
      return {
        toUid,
        fromUid: editorUid,
        fromName,
        noticeType: 'page_changed',
        title: 'A page you watch was changed',
        content: bilingual('{from} changed the page {page} you watch in the item {item}.', (lang) => ({
          from: editor ? escapeHtml(fromName) : phrase('The open API', lang),
          page: pageLink(item.itemId, page.pageId, c.title || page.title),
          item: itemLink(item.itemId, item.itemName),
        })),
        objectType: 'page',
        objectId: page.pageId,
      };
    },
  );
}
