// "Was this page helpful?" (page_feedback/*): one vote per signed-in user, or per guest browser
// (its client_id). The same vote again takes it back (ShowDoc's toggle); 0 takes it back too.
import type { AppDeps } from '../../deps';
import * as feedbackRepo from '../../db/repos/pageFeedback';
import type { Voter } from '../../db/repos/pageFeedback';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { enforce, type Limit } from '../../auth/throttle';

export type { Voter } from '../../db/repos/pageFeedback';

export const FEEDBACK = { none: 0, helpful: 1, unhelpful: 2 } as const;

/** guests can make up client ids: their votes are bounded per address */
export const GUEST_VOTES_PER_IP: Limit = { name: 'vote-ip', max: 60, windowSeconds: 600 };

export function voterOf(uid: number | undefined, clientId: string): Voter {
  return uid ? { uid, clientId: '' } : { uid: 0, clientId };
}

export interface FeedbackState {
  helpful: number;
  unhelpful: number;
  /** the voter's vote now */
  mine: number;
}

export async function feedbackState(deps: AppDeps, pageId: number, voter: Voter | null): Promise<FeedbackState> {
  const [counts, mine] = await Promise.all([feedbackRepo.counts(deps.db, pageId), voter ? feedbackRepo.voteOf(deps.db, pageId, voter) : 0]);
  return { ...counts, mine };
}

export async function vote(deps: AppDeps, v: { pageId: number; itemId: number; voter: Voter; type: number; ip: string }): Promise<FeedbackState> {
  if (v.type !== 0 && v.type !== 1 && v.type !== 2) throw new ApiError(ErrorCode.VALIDATION, 'feedback_type must be 0, 1 or 2');
  if (v.voter.uid === 0) await enforce(deps.db, GUEST_VOTES_PER_IP, v.ip, deps.now());
  const before = await feedbackRepo.voteOf(deps.db, v.pageId, v.voter);
  const type = v.type === before ? FEEDBACK.none : v.type;
  if (type === FEEDBACK.none) await feedbackRepo.clearVote(deps.db, v.pageId, v.voter);
  else await feedbackRepo.setVote(deps.db, { pageId: v.pageId, itemId: v.itemId, voter: v.voter, type, now: deps.now() });
  return feedbackState(deps, v.pageId, v.voter);
}
