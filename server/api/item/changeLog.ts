// item/getChangeLog: who changed which page or catalog of an item, and when, newest first.
// The item controller's other actions are in ./index.ts; all register under 'item'.
import { action, controller } from '../../http/action';
import * as api from '../../../shared/api/item/changeLog';
import { accessToItemId } from '../../policies/request';
import { requireSeeChangeLog } from '../../policies/itemLists';
import { readChangeLog } from '../../domain/changeLog/read';
import { presentChangeLog } from '../../presenters/changeLog';

const getChangeLog = action(api.getChangeLog, {
  auth: 'required',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireSeeChangeLog(access);
    return presentChangeLog(await readChangeLog(req.deps, access.item.itemId, p.page, p.count), req.lang);
  },
});

export default controller('item', { getChangeLog });
