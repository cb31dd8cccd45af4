// page_feedback/*: "was this page helpful?" for whoever may read the page (guests by client_id);
// the counts only for its editors (policies/aroundPage.ts).
import { action, controller } from '../http/action';
import * as api from '../../shared/api/pageFeedback';
import { readablePage } from '../policies/request';
import { feedbackCountsVisible, feedbackOn, requireMayVote } from '../policies/aroundPage';
import { feedbackState, vote, voterOf } from '../domain/pageFeedback/votes';
import { presentFeedback } from '../presenters/aroundPage';
import { localize } from '../../shared/messages';

const getStat = action(api.getStat, {
  auth: 'optional',
  async run(req, p) {
    const { page, access, place } = await readablePage(req, p.page_id);
    if (!feedbackOn(access.item)) return presentFeedback({ helpful: 0, unhelpful: 0, mine: 0 }, false);
    const voter = req.user || p.client_id ? voterOf(req.user?.uid, p.client_id) : null;
    return presentFeedback(await feedbackState(req.deps, page.pageId, voter), feedbackCountsVisible(access, place));
  },
});

const submit = action(api.submit, {
  auth: 'optional',
  async run(req, p) {
    const { page, access, place } = await readablePage(req, p.page_id);
    requireMayVote(access, p.client_id);
    const state = await vote(req.deps, { pageId: page.pageId, itemId: page.itemId, voter: voterOf(req.user?.uid, p.client_id), type: p.feedback_type, ip: req.ip });
    return { ...presentFeedback(state, feedbackCountsVisible(access, place)), message: localize('Thank you for your feedback', req.lang) };
  },
});

export default controller('pageFeedback', { getStat, submit });
