// /api/recycle/*: an item's recycle bin (managers only); pages older than 30 days are purged
// by the housekeeping timer.
import { action, controller } from '../http/action';
import { badParam } from '../errors';
import * as api from '../../shared/api/recycle';
import { managedItem } from '../policies/request';
import { recycleList } from '../domain/recycle/list';
import { recoverPage } from '../domain/recycle/recover';
import { presentRecycle } from '../presenters/pageRecycle';

const getList = action(api.getList, {
  auth: 'required',
  async run(req, p) {
    const access = await managedItem(req, p.item_id);
    return (await recycleList(req.deps.db, access.item.itemId)).map(presentRecycle);
  },
});

const recover = action(api.recover, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const access = await managedItem(req, p.item_id, { change: true });
    const ok = await recoverPage(req.deps, access.item.itemId, p.page_id, me.uid);
    if (!ok) throw badParam('This page is not in the recycle bin of this item');
    return [];
  },
});

export default controller('recycle', { getList, recover });
