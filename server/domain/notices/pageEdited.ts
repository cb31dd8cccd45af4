// "A page you wrote was edited by someone else": written for the recipient the caller chose
// (server/listeners decides who may be told), at most once per page and editor every 10 minutes
// so a busy editing session is one notice.
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
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

/** What sets one kind of page-save notice apart: its type, texts, and the check for a recent one. */
export interface PageSaveNotice {
  noticeType: 'page_edited' | 'page_changed';
  title: string;
  /** '{from} … {page} … {item}' */
  template: string;
  /** a notice of this kind for the same page, recipient and editor since `since` */
  sentSince: (db: DbOrTx, q: { toUid: number; pageId: number; fromUid: number; since: number }) => Promise<boolean>;
}

/** A notice about a page save, at most once per page, recipient and editor every 10 minutes. */
export async function noticePageSave(deps: AppDeps, edit: PageEdit, kind: PageSaveNotice): Promise<NoticeRow | null> {
  const { toUid, editorUid, page } = edit;
  const since = deps.now() - PAGE_EDIT_NOTICE_WINDOW;
  return createNoticeOnce(
    deps,
    `notice:${kind.noticeType}:${page.pageId}:${toUid}:${editorUid}`,
    (tx) => kind.sentSince(tx, { toUid, pageId: page.pageId, fromUid: editorUid, since }),
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
        noticeType: kind.noticeType,
        title: kind.title,
        content: bilingual(kind.template, (lang) => ({
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

export function noticePageEdited(deps: AppDeps, edit: PageEdit): Promise<NoticeRow | null> {
  return noticePageSave(deps, edit, {
    noticeType: 'page_edited',
    title: 'A page you wrote was edited',
    template: '{from} edited your page {page} in the item {item}.',
    sentSince: noticeRepo.pageEditedSince,
  });
}
