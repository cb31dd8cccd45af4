// Comments, feedback and watchers of a page (issue #23): who may do what, decided over a loaded
// page's access (readablePage / pageAccessForViewer) and rows. ShowDoc's rules, with Quire's
// tightening where ShowDoc trusted the caller (noted at each rule).
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { ITEM_TYPE } from '../../shared/limits';
import type { ItemAccess, ItemRow } from './itemAccess';
import { canEditPage, type PagePlace } from './pages';

/** Comments exist on regular items whose managers switched them on (ShowDoc: item_type 1, allow_comment). */
export const commentsOn = (item: Pick<ItemRow, 'itemType' | 'allowComment'>) => item.itemType === ITEM_TYPE.regular && item.allowComment === 1;

/** Feedback likewise (allow_feedback). */
export const feedbackOn = (item: Pick<ItemRow, 'itemType' | 'allowFeedback'>) => item.itemType === ITEM_TYPE.regular && item.allowFeedback === 1;

/**
 * Adding a comment: a signed-in reader of the page (ShowDoc: checkItemVisit, so a signed-in stranger
 * may comment on a public item), on an item with comments on. Anonymous callers are refused by the
 * action's auth before this.
 */
export function requireMayComment(access: ItemAccess): void {
  if (!access.viewer) throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');
  if (access.item.itemType !== ITEM_TYPE.regular) throw new ApiError(ErrorCode.VALIDATION, 'This item type does not support comments');
  if (!commentsOn(access.item)) throw new ApiError(ErrorCode.VALIDATION, 'Comments are not enabled for this item');
}

/** Whether the viewer may comment (for the client's form): signed in and comments on; page read already checked. */
export const mayComment = (access: ItemAccess) => !!access.viewer && commentsOn(access.item);

/** A comment goes away by its author or an item manager (ShowDoc's rule). */
export function canDeleteComment(access: ItemAccess, comment: { uid: number }): boolean {
  return !!access.viewer && (comment.uid === access.viewer.uid || access.canManage);
}

export function requireDeleteComment(access: ItemAccess, comment: { uid: number }): void {
  if (!canDeleteComment(access, comment)) throw new ApiError(ErrorCode.NOT_MANAGER, 'You may not delete this comment');
}

/**
 * @mentions notify, and suggestions list the item's people, only for the item's own people
 * (owner, members, team members, administrators): a signed-in stranger on a public item can
 * neither list the members nor send them notices.
 */
export const mayMention = (access: ItemAccess) => !!access.viewer && (access.isOwner || access.isAdmin || access.isMember);

/** Voting: a reader of the page; a guest only with its browser's client_id (ShowDoc's rule). */
export function requireMayVote(access: ItemAccess, clientId: string): void {
  if (access.item.itemType !== ITEM_TYPE.regular) throw new ApiError(ErrorCode.VALIDATION, 'This item type does not support feedback');
  if (!feedbackOn(access.item)) throw new ApiError(ErrorCode.VALIDATION, 'Feedback is not enabled for this item');
  if (!access.viewer && !clientId) throw new ApiError(ErrorCode.VALIDATION, 'Guests must send a client_id');
}

/** The counts of votes are for the page's editors (ShowDoc shows them to every reader). */
export const feedbackCountsVisible = (access: ItemAccess, place: PagePlace) => canEditPage(access, place);

/**
 * Subscribing or unsubscribing users to a page: a reader may do it for themselves; others only
 * by an editor of the page (ShowDoc: editors, for any uid). Whether each other user may read the
 * page is asked separately (mayBeToldAboutPage): nobody watches a page they cannot read.
 */
export function requireMayChangeWatchers(access: ItemAccess, place: PagePlace, uids: number[]): void {
  if (!access.viewer) throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');
  const me = access.viewer.uid;
  if (uids.some((u) => u !== me) && !canEditPage(access, place)) throw new ApiError(ErrorCode.NO_PERMISSION, 'You do not have permission to edit this item');
}

/** The watcher list: editors see everyone; other readers only their own row (undefined = all). */
export function watcherListScope(access: ItemAccess, place: PagePlace): number | undefined {
  if (canEditPage(access, place)) return undefined;
  return access.viewer?.uid ?? 0;
}

export type CommentNoticeKind = 'comment_mention' | 'comment_reply' | 'page_commented';

/**
 * Who hears of a new comment, and why: the mentioned (only if the commenter may mention), the
 * author of the comment replied to, the page's author and its watchers; never the commenter.
 * Each must still be able to read the page (asked by the caller, per user).
 */
export function commentNoticeCandidates(c: {
  commenterUid: number;
  pageAuthorUid: number;
  parentAuthorUid: number;
  watcherUids: number[];
  mentionedUids: number[];
}): Map<number, CommentNoticeKind> {
  const out = new Map<number, CommentNoticeKind>();
  const put = (uid: number, kind: CommentNoticeKind) => {
    if (uid > 0 && uid !== c.commenterUid && !out.has(uid)) out.set(uid, kind);
  };
  for (const uid of c.mentionedUids) put(uid, 'comment_mention');
  put(c.parentAuthorUid, 'comment_reply');
  put(c.pageAuthorUid, 'page_commented');
  for (const uid of c.watcherUids) put(uid, 'page_commented');
  return out;
}

/**
 * Watchers told of a save: everyone watching but the saver, and the author of the replaced
 * version (they get "a page you wrote was edited" instead). Created and recovered pages are not changes.
 */
export function watchersToTell(save: { uid: number; created: boolean; source: string }, watcherUids: number[], earlierAuthorTold: number): number[] {
  if (save.created || save.source === 'recover') return [];
  return watcherUids.filter((u) => u > 0 && u !== save.uid && u !== earlierAuthorTold);
}
