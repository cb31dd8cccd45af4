// page_feedback/*: "was this page helpful?" (showdoc-behaviour §7.14). ShowDoc computes the counts;
// Quire shows them to the page's editors only (others get 0 and counts_visible false).
import { endpoint } from './contract';
import { id, int, text } from './fields';
import { FEEDBACK_CLIENT_ID_MAX } from '../limits';

export interface FeedbackStat {
  helpful_count: number;
  unhelpful_count: number;
  /** the caller's vote: 0 none, 1 helpful, 2 not helpful */
  user_feedback: number;
  /** Quire: whether the counts are real (the caller may edit the page) */
  counts_visible: boolean;
}

/** a guest's browser id (signed-in callers are counted by their account) */
const clientId = () => text({ max: FEEDBACK_CLIENT_ID_MAX });

export const getStat = endpoint<FeedbackStat>()('page_feedback/getStat', { page_id: id(), client_id: clientId() });

/** feedback_type 1 helpful, 2 not helpful, 0 take the vote back; the same vote again also takes it back. */
export const submit = endpoint<FeedbackStat & { message: string }>()('page_feedback/submit', {
  page_id: id(),
  feedback_type: int({ def: -1 }),
  client_id: clientId(),
});
