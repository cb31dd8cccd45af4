// /api/adminItem/* — the admin console's item list (spec §7 Admin). Administrators only (10103).
import { action, controller } from '../http/action';
import * as adminItems from '../domain/admin/items';
import * as api from '../../shared/api/adminItem';
import { presentAdminItemPage, presentItemAttorned } from '../presenters/admin';

const getList = action(api.getList, {
  auth: 'admin',
  async run(req, p) {
    const search = { itemName: p.item_name, username: p.username, isDel: p.is_del as 0 | 1 };
    return presentAdminItemPage(await adminItems.listItems(req.deps, search, { page: p.page, count: p.count }));
  },
});

const deleteItem = action(api.deleteItem, {
  auth: 'admin',
  async run(req, p) {
    await adminItems.deleteItem(req.deps, p.item_id);
    return [];
  },
});

const recoverItem = action(api.recoverItem, {
  auth: 'admin',
  async run(req, p) {
    await adminItems.recoverItem(req.deps, p.item_id);
    return [];
  },
});

const attorn = action(api.attorn, {
  auth: 'admin',
  async run(req, p) {
    return presentItemAttorned(await adminItems.attornItem(req.deps, p.item_id, p.username));
  },
});

export default controller('adminItem', { getList, deleteItem, recoverItem, attorn });
