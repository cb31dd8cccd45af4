// item/star, item/unstar: the caller's starred items (item/myList's is_star, item_group_id = -1).
// The item controller's other actions are in ./index.ts; all register under 'item'.
import { action, controller } from '../../http/action';
import * as api from '../../../shared/api/item/stars';
import { accessToItemId } from '../../policies/request';
import { requireMayStar } from '../../policies/itemLists';
import { starItem, unstarItem } from '../../domain/items/stars';
import { badParam } from '../../errors';

const star = action(api.star, {
  auth: 'required',
  async run(req, p) {
    const access = await accessToItemId(req, p.item_id);
    requireMayStar(access);
    return { id: await starItem(req.deps, req.me().uid, access.item.itemId) };
  },
});

/** Removes the caller's own star only, so it needs no rights on the item (which may be gone). */
const unstar = action(api.unstar, {
  auth: 'required',
  async run(req, p) {
    if (!/^\d{1,10}$/.test(p.item_id)) throw badParam('Parameter {name} has an invalid value', { name: 'item_id' });
    await unstarItem(req.deps, req.me().uid, Number(p.item_id));
    return [];
  },
});

export default controller('item', { star, unstar });
