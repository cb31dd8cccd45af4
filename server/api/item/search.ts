// item/search: pages of one item the caller may read (catalog limits applied), by title and
// content, Chinese or English; any non-empty keyword (a single Chinese character too). Hits come
// 50 at a time in menu order; `page` asks for the next ones and `has_more` says there are more.
// The item controller's other actions are in ./index.ts (today ../item.ts); both register under 'item'.
import { action, controller } from '../../http/action';
import { badParam } from '../../errors';
import * as api from '../../../shared/api/item/search';
import { accessToItemId } from '../../policies/request';
import { requireVisit } from '../../policies/itemAccess';
import { searchScopeOf } from '../../policies/pageRequest';
import { cachedSearch } from '../../domain/search/cachedSearch';
import { searchAnswerJson } from '../../presenters/pageSearch';
import { withFragments } from '../../lib/jsonFragment';

const search = action(api.search, {
  auth: 'optional',
  async run(req, p) {
    await req.deps.limits.take('search', { uid: req.user?.uid, ip: req.ip });
    const access = await accessToItemId(req, p.item_id);
    requireVisit(access);
    if (!p.keyword) throw badParam('Enter a keyword to search');
    const catIds = await searchScopeOf(req.deps, access);
    const answer = await cachedSearch(req.deps, access.item.itemId, p.keyword, catIds, p.page);
    return withFragments(searchAnswerJson(access.item, answer, p.page));
  },
});

/** the item controller's search action, for the item controller to list with its own */
export const searchActions = { search };

export default controller('item', searchActions);
