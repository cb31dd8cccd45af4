// Comments, feedback counts and watchers in ShowDoc's shapes (page_comment/*, page_feedback/*,
// subscription/*). Comment fields and counts are computed by ShowDoc (numbers); subscription rows
// are fetched (text numbers).
import type { PageComment, PageCommentThread } from '../../shared/api/pageComment';
import type { FeedbackStat } from '../../shared/api/pageFeedback';
import type { Subscriber } from '../../shared/api/subscription';
import type { CommentRow } from '../db/repos/pageComments';
import type { SubscriberRow } from '../db/repos/subscriptions';
import { formatTime } from './time';
import { fetched } from './fetched';

export function presentComment(row: CommentRow, viewerUid: number, canDelete: (row: CommentRow) => boolean): PageComment {
  return {
    comment_id: row.commentId,
    parent_id: row.parentId,
    uid: row.uid,
    username: row.username,
    content: row.content,
    addtime: row.addtime,
    addtime_text: formatTime(row.addtime).slice(0, 16),
    is_owner: viewerUid > 0 && row.uid === viewerUid,
    can_delete: canDelete(row),
  };
}

export function presentThread(t: { comment: CommentRow; replies: CommentRow[] }, viewerUid: number, canDelete: (row: CommentRow) => boolean): PageCommentThread {
  return { ...presentComment(t.comment, viewerUid, canDelete), replies: t.replies.map((r) => presentComment(r, viewerUid, canDelete)) };
}

export function presentFeedback(s: { helpful: number; unhelpful: number; mine: number }, countsVisible: boolean): FeedbackStat {
  return {
    helpful_count: countsVisible ? s.helpful : 0,
    unhelpful_count: countsVisible ? s.unhelpful : 0,
    user_feedback: s.mine,
    counts_visible: countsVisible,
  };
}

export function presentSubscriber(r: SubscriberRow): Subscriber {
  return {
    ...fetched({ id: r.id, uid: r.uid, object_id: r.objectId, object_type: r.objectType, action_type: r.actionType, sub_time: r.subTime }),
    username: r.username,
    name: r.name,
  };
}
