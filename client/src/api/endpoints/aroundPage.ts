// /api/page_comment/*, /api/page_feedback/*, /api/subscription/* — imported only by the reader's
// lazily loaded page extras (components/page/aroundPage), so they stay out of the reader route.
import { callAction } from '../http';
import type * as commentApi from '@shared/api/pageComment';
import type * as feedbackApi from '@shared/api/pageFeedback';
import type * as subscriptionApi from '@shared/api/subscription';
import type { Id } from '../ids';

const quiet = { loading: false } as const;

export const comments = (page_id: Id, page = 1) => callAction<typeof commentApi.getList>('page_comment/getList', { page_id, page }, quiet);
export const addComment = (p: { page_id: Id; content: string; parent_id?: Id }) => callAction<typeof commentApi.add>('page_comment/add', p);
export const deleteComment = (comment_id: Id) => callAction<typeof commentApi.remove>('page_comment/delete', { comment_id });
/** failures stay silent: no suggestions is fine */
export const mentionable = (page_id: Id) => callAction<typeof commentApi.mentionable>('page_comment/mentionable', { page_id }, { ...quiet, silent: true });

export const feedbackStat = (page_id: Id, client_id: string) => callAction<typeof feedbackApi.getStat>('page_feedback/getStat', { page_id, client_id }, { ...quiet, silent: true });
export const submitFeedback = (p: { page_id: Id; feedback_type: 0 | 1 | 2; client_id: string }) => callAction<typeof feedbackApi.submit>('page_feedback/submit', p, quiet);

export const watchers = (page_id: Id) => callAction<typeof subscriptionApi.getPageList>('subscription/getPageList', { page_id }, { ...quiet, silent: true });
export const watch = (page_id: Id) => callAction<typeof subscriptionApi.savePage>('subscription/savePage', { page_id, uids: '' }, quiet);
export const unwatch = (page_id: Id) => callAction<typeof subscriptionApi.deletePage>('subscription/deletePage', { page_id, uids: '' }, quiet);
