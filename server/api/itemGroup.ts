// /api/itemGroup/*: the caller's own item groups (tabs above their item list). Every action works
// on the caller's rows only; ShowDoc's item list asks getList first and shows nothing if it fails,
// so getList answers every logged-in user (an empty list at worst).
import { action, controller } from '../http/action';
import * as api from '../../shared/api/itemGroup';
import { deleteGroup, listGroups, parseItemIds, saveGroup, sortGroups } from '../domain/items/groups';
import { presentItemGroup, presentSavedItemGroup } from '../presenters/itemGroup';

const getList = action(api.getList, {
  auth: 'required',
  async run(req) {
    return (await listGroups(req.deps.db, req.me().uid)).map(presentItemGroup);
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const itemIds = parseItemIds(p.item_ids);
    return presentSavedItemGroup(await saveGroup(req.deps, req.me().uid, { id: p.id, name: p.group_name, itemIds }));
  },
});

const remove = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    await deleteGroup(req.deps, req.me().uid, p.id);
    return { success: true as const };
  },
});

const saveSort = action(api.saveSort, {
  auth: 'required',
  async run(req, p) {
    await sortGroups(req.deps, req.me().uid, p.groups!);
    return [];
  },
});

export default controller('itemGroup', { getList, save, delete: remove, saveSort });
