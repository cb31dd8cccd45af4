// /api/recycle/*: an item's recycle bin (managers only); pages older than 30 days are purged
// by the housekeeping timer.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { accessToItemId } from '../policies/request';
import { requireManage } from '../policies/itemAccess';
import { recycleList } from '../domain/recycle/list';
import { recoverPage } from '../domain/recycle/recover';
import { presentRecycle } from '../presenters/pageRecycle';

const getList = action({
  auth: 'required',
  async run(req) {
    const access = await accessToItemId(req, req.params.str('item_id', { required: true, max: 50 }));
    requireManage(access);
    return (await recycleList(req.deps.db, access.item.itemId)).map(presentRecycle);
  },
});

const recover = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const access = await accessToItemId(req, req.params.str('item_id', { required: true, max: 50 }));
    requireManage(access, { change: true });
    const ok = await recoverPage(req.deps, access.item.itemId, req.params.id('page_id'), me.uid);
    if (!ok) throw new ApiError(ErrorCode.GENERIC, 'This page is not in the recycle bin of this item');
    return [];
  },
});

export default controller('recycle', { getList, recover });
