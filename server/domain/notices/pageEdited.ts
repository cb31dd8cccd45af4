// "A page you wrote was edited by someone else": written for the recipient the caller chose
// (server/listeners decides who may be told), at most once per page and editor every 10 minutes
// so a busy editing session is one notice.
import type { AppDeps } from '../../deps';
import * as noticeRepo from '../../db/repos/notices';
import * as subjectRepo from '../../db/repos/noticeSubjects';
import type { NoticedPage } from '../../db/repos/noticeSubjects';
import { findUserById } from '../accounts';
import { displayName } from '../members/usernames';
import { bilingual, escapeHtml, itemLink, pageLink, phrase } from './content';
import { createNoticeOnce } from './dedupe';
import type { NoticeRow } from './create';

export type { NoticedPage } from '../../db/repos/noticeSubjects';

export const PAGE_EDIT_NOTICE_WINDOW = 600;

/** The page a save notice is about, deleted or not (undefined when it is gone for good). */
export function noticedPage(deps: AppDeps, pageId: number): Promise<NoticedPage | undefined> {
  return subjectRepo.page(deps.db, pageId);
}

export interface PageEdit {
  /** who is told */
  toUid: number;
  /** who saved (0: the open API) */
  editorUid: number;
  page: NoticedPage;
  /** the title the save gave the page ('' = the stored one) */
  title: string;
}

export async function noticePageEdited(deps: AppDeps, edit: PageEdit): Promise<NoticeRow | null> {
  const { toUid, editorUid, page } = edit;
  const since = deps.now() - PAGE_EDIT_NOTICE_WINDOW;
  return createNoticeOnce(
    deps,
    `notice:page:${page.pageId}:${toUid}:${editorUid}`,
    (tx) => noticeRepo.pageEditedSince(tx, { toUid, pageId: page.pageId, fromUid: editorUid, since }),
    async () => {
      const editor = editorUid > 0 ? await findUserById(deps, editorUid) : undefined;
      const item = await subjectRepo.itemName(deps.db, page.itemId);
      if (!item) return null;
      // saves through the open API carry uid 0: the sender is the item's API key
      const fromName = editor ? displayName(editor) : 'Open API';
      return {
        toUid,
        fromUid: editorUid,
        fromName,
        noticeType: 'page_edited',
        title: 'A page you wrote was edited',
        content: bilingual('{from} edited your page {page} in the item {item}.', (lang) => ({
          from: editor ? escapeHtml(fromName) : phrase('The open API', lang),
          page: pageLink(item.itemId, page.pageId, edit.title || page.title),
          item: itemLink(item.itemId, item.itemName),
        })),
        objectType: 'page',
        objectId: page.pageId,
      };
    },
  );
}
