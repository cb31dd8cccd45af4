// page.commented → the mentioned, the author replied to, the page's author and watchers are told;
// page.saved → the page's watchers are told. Only users who may still read the page (policies).
import type { AppDeps } from '../deps';
import type { DomainEvents } from '../events';
import { findUserById, sessionOf } from '../domain/accounts';
import { noticedPage, type NoticedPage } from '../domain/notices/pageEdited';
import { noticeComment } from '../domain/pageComments/notices';
import { pageWatcherUids } from '../domain/subscriptions/pageWatchers';
import { noticeWatchedPageChanged } from '../domain/subscriptions/pageChanged';
import { mayBeToldAboutPage, pageEditedFor } from '../policies/notices';
import { commentNoticeCandidates, watchersToTell, type CommentNoticeKind } from '../policies/aroundPage';

async function mayRead(deps: AppDeps, uid: number, page: NoticedPage): Promise<boolean> {
  const user = await findUserById(deps, uid);
  return !!user && (await mayBeToldAboutPage(deps, sessionOf(user), page));
}

export async function tellAboutComment(deps: AppDeps, e: DomainEvents['page.commented']): Promise<void> {
  const page = await noticedPage(deps, e.pageId);
  if (!page || page.isDel || page.itemId !== e.itemId) return;
  const watcherUids = await pageWatcherUids(deps, e.pageId);
  const candidates = commentNoticeCandidates({
    commenterUid: e.uid,
    pageAuthorUid: e.pageAuthorUid,
    parentAuthorUid: e.parentAuthorUid,
    watcherUids,
    mentionedUids: e.mentionedUids,
  });
  const told = new Map<number, CommentNoticeKind>();
  for (const [uid, kind] of candidates) if (await mayRead(deps, uid, page)) told.set(uid, kind);
  await noticeComment(deps, { commenterUid: e.uid, pageId: page.pageId, itemId: page.itemId, title: page.title }, told);
}

export async function tellWatchers(deps: AppDeps, e: DomainEvents['page.saved']): Promise<void> {
  const uids = watchersToTell(e, e.watcherUids ?? (await pageWatcherUids(deps, e.pageId)), pageEditedFor(e));
  if (!uids.length) return;
  const page = await noticedPage(deps, e.pageId);
  if (!page || page.isDel || page.itemId !== e.itemId) return;
  for (const uid of uids) {
    if (await mayRead(deps, uid, page)) await noticeWatchedPageChanged(deps, { toUid: uid, editorUid: e.uid, page, title: e.title });
  }
}
