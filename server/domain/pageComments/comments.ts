// Comments under a page (page_comment/*): two levels (a comment and its replies), soft-deleted,
// stored raw. The caller has decided who may comment, delete and mention (policies/aroundPage.ts).
import type { AppDeps } from '../../deps';
import * as commentRepo from '../../db/repos/pageComments';
import type { CommentRow } from '../../db/repos/pageComments';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { COMMENT_MAX_CHARS } from '../../../shared/limits';
import { enforce, type Limit } from '../../auth/throttle';
import { mentionedPeople } from './mentions';

export type { CommentRow } from '../../db/repos/pageComments';

/** ShowDoc allowed one comment per 10 s per session; a burst of 20 in 10 minutes per user here. */
export const COMMENTS_PER_USER: Limit = { name: 'comment-user', max: 20, windowSeconds: 600 };

export interface CommentedPage {
  pageId: number;
  itemId: number;
  /** who last wrote the page (told of comments) */
  authorUid: number;
}

export interface NewComment {
  page: CommentedPage;
  /** the item's creator, for @mentions of the item's people */
  item: { itemId: number; uid: number };
  user: { uid: number; username: string };
  content: string;
  parentId: number;
  /** whether @names notify (policies: mayMention) */
  mentions: boolean;
}

/** The text as it will be stored, or 10100 when it is empty or too long. */
function commentText(raw: string): string {
  const text = raw.trim();
  const length = [...text].length;
  if (length === 0) throw new ApiError(ErrorCode.VALIDATION, 'The comment is empty');
  if (length > COMMENT_MAX_CHARS) throw new ApiError(ErrorCode.VALIDATION, 'A comment has at most {max} characters', { max: COMMENT_MAX_CHARS });
  return text;
}

/** The comment a reply answers: live, on the same page, itself top-level (two levels, as ShowDoc). */
async function parentOf(deps: AppDeps, page: CommentedPage, parentId: number): Promise<CommentRow | undefined> {
  if (parentId === 0) return undefined;
  const parent = await commentRepo.findLive(deps.db, parentId);
  if (!parent || parent.pageId !== page.pageId) throw new ApiError(ErrorCode.VALIDATION, 'The comment you reply to does not exist or was deleted');
  if (parent.parentId > 0) throw new ApiError(ErrorCode.VALIDATION, 'Replies cannot be replied to; reply to the comment instead');
  return parent;
}

export async function addComment(deps: AppDeps, c: NewComment): Promise<CommentRow> {
  const content = commentText(c.content);
  const parent = await parentOf(deps, c.page, c.parentId);
  await enforce(deps.db, COMMENTS_PER_USER, String(c.user.uid), deps.now());
  const row = await commentRepo.insert(deps.db, {
    pageId: c.page.pageId,
    itemId: c.page.itemId,
    parentId: parent?.commentId ?? 0,
    uid: c.user.uid,
    username: c.user.username,
    content,
    addtime: deps.now(),
  });
  const mentionedUids = c.mentions ? await mentionedPeople(deps.db, c.item, content) : [];
  deps.events.emit('page.commented', {
    itemId: row.itemId,
    pageId: row.pageId,
    commentId: row.commentId,
    uid: row.uid,
    pageAuthorUid: c.page.authorUid,
    parentAuthorUid: parent?.uid ?? 0,
    mentionedUids,
  });
  return row;
}

/** The live comment (10101 when it is missing or deleted). */
export async function liveComment(deps: AppDeps, commentId: number): Promise<CommentRow> {
  const row = commentId > 0 ? await commentRepo.findLive(deps.db, commentId) : undefined;
  if (!row) throw new ApiError(ErrorCode.GENERIC, 'Comment not found');
  return row;
}

export async function deleteComment(deps: AppDeps, comment: CommentRow): Promise<void> {
  if (!(await commentRepo.markDeleted(deps.db, comment.commentId))) throw new ApiError(ErrorCode.GENERIC, 'Comment not found');
}

export interface CommentThread {
  comment: CommentRow;
  replies: CommentRow[];
}

/** A page of top-level comments (newest first) with every live reply (oldest first). */
export async function listComments(deps: AppDeps, pageId: number, page: number, perPage: number): Promise<{ total: number; threads: CommentThread[] }> {
  const { total, rows } = await commentRepo.topLevelPage(deps.db, pageId, page, perPage);
  const replies = await commentRepo.repliesTo(
    deps.db,
    rows.map((r) => r.commentId),
  );
  return { total, threads: rows.map((comment) => ({ comment, replies: replies.filter((r) => r.parentId === comment.commentId) })) };
}
