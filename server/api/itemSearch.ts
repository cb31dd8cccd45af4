// item/search: pages of one item the caller may read (catalog limits applied), by title and
// content, Chinese or English; any non-empty keyword (a single Chinese character too). Hits come
// 50 at a time in menu order; `page` asks for the next ones and `has_more` says there are more.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { accessToItemId } from '../policies/request';
import { requireVisit } from '../policies/itemAccess';
import { catalogsUnder } from '../domain/pages/catalogs';
import { SEARCH_MAX_PAGE } from '../domain/search/search';
import { cachedSearch } from '../domain/search/cachedSearch';
import { presentSearch } from '../presenters/pageSearch';

const search = action({
  auth: 'optional',
  async run(req) {
    await req.deps.limits.take('search', { uid: req.user?.uid, ip: req.ip });
    const access = await accessToItemId(req, req.params.str('item_id', { required: true, max: 50 }));
    requireVisit(access);
    const keyword = req.params.str('keyword', { max: 200 });
    if (!keyword) throw new ApiError(ErrorCode.GENERIC, 'Enter a keyword to search');
    const catIds = access.catIds === null ? null : await catalogsUnder(req.deps.db, access.item.itemId, access.catIds);
    const page = req.params.int('page', 1, { min: 1, max: SEARCH_MAX_PAGE });
    const answer = await cachedSearch(req.deps, access.item.itemId, keyword, catIds, page);
    return presentSearch(access.item, answer, page);
  },
});

export default controller('item', { search });
