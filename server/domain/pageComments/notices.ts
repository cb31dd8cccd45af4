// Notices about a new comment: "you were mentioned", "someone replied to you", "a page you wrote
// or watch has a new comment". The listener decides who is told (policies/aroundPage.ts).
import type { AppDeps } from '../../deps';
import * as subjectRepo from '../../db/repos/noticeSubjects';
import { findUserById } from '../accounts';
import { displayName } from '../members/usernames';
import { bilingual, escapeHtml, itemLink, pageLink } from '../notices/content';
import { createNotices, type NoticeRow } from '../notices/create';

export type CommentNoticeKind = 'comment_mention' | 'comment_reply' | 'page_commented';

const TEXTS: Record<CommentNoticeKind, { title: string; body: string }> = {
  comment_mention: { title: 'You were mentioned in a comment', body: '{from} mentioned you in a comment on the page {page} in the item {item}.' },
  comment_reply: { title: 'Someone replied to your comment', body: '{from} replied to your comment on the page {page} in the item {item}.' },
  page_commented: { title: 'A page has a new comment', body: '{from} commented on the page {page} in the item {item}.' },
};

export async function noticeComment(
  deps: AppDeps,
  c: { commenterUid: number; pageId: number; itemId: number; title: string },
  told: Map<number, CommentNoticeKind>,
): Promise<NoticeRow[]> {
  if (!told.size) return [];
  const [commenter, item] = await Promise.all([findUserById(deps, c.commenterUid), subjectRepo.itemName(deps.db, c.itemId)]);
  if (!commenter || !item) return [];
  const fromName = displayName(commenter);
  return createNotices(
    deps,
    [...told].map(([toUid, kind]) => ({
      toUid,
      fromUid: c.commenterUid,
      fromName,
      noticeType: kind,
      title: TEXTS[kind].title,
      content: bilingual(TEXTS[kind].body, () => ({
        from: escapeHtml(fromName),
        page: pageLink(item.itemId, c.pageId, c.title),
        item: itemLink(item.itemId, item.itemName),
      })),
      objectType: 'page',
      objectId: c.pageId,
    })),
  );
}
