// /api/adminItem/* — the admin console's item list (spec §7 Admin). Administrators only (10103).
import { action, controller } from '../http/action';
import * as adminItems from '../domain/admin/items';
import { adminPaging, sqlText } from './adminParams';

const getList = action({
  auth: 'admin',
  async run(req) {
    const { params } = req;
    const isDel = params.int('is_del', 0, { min: 0, max: 1 }) as 0 | 1;
    return adminItems.listItems(
      req.deps,
      { itemName: sqlText(params, 'item_name', { max: 200 }), username: sqlText(params, 'username', { max: 100 }), isDel },
      adminPaging(params),
    );
  },
});

const deleteItem = action({
  auth: 'admin',
  async run(req) {
    await adminItems.deleteItem(req.deps, req.params.id('item_id'));
    return [];
  },
});

const recoverItem = action({
  auth: 'admin',
  async run(req) {
    await adminItems.recoverItem(req.deps, req.params.id('item_id'));
    return [];
  },
});

const attorn = action({
  auth: 'admin',
  async run(req) {
    return adminItems.attornItem(req.deps, req.params.id('item_id'), sqlText(req.params, 'username', { max: 254 }));
  },
});

export default controller('adminItem', { getList, deleteItem, recoverItem, attorn });
