// /api/adminUser/* — the admin console's user list (spec §7 Admin). Administrators only (10103).
import { action, controller } from '../http/action';
import * as users from '../domain/admin/users';
import { checkUpdate } from './adminUpdate';
import { adminPaging, groupParam, sqlText } from './adminParams';

const getList = action({
  auth: 'admin',
  async run(req) {
    const status = req.params.oneOf('status', ['', 'active', 'pending', 'unconfirmed'] as const, '');
    return users.listUsers(req.deps, sqlText(req.params, 'username', { max: 100 }), adminPaging(req.params), status);
  },
});

/** Without uid: a new user. With uid: new name and/or password (empty = unchanged); `groupid` (1/2) is our extension. */
const addUser = action({
  auth: 'admin',
  async run(req) {
    const { params, deps } = req;
    const uid = params.id('uid');
    const password = params.str('password', { raw: true, max: 128 });
    const name = params.has('name') ? sqlText(params, 'name', { max: 200 }) : undefined;
    const groupid = groupParam(params);
    if (uid) return users.editUser(deps, uid, { password, name, groupid });
    return users.addUser(deps, { username: sqlText(params, 'username', { max: 50 }), password, name, groupid });
  },
});

const changePassword = action({
  auth: 'admin',
  async run(req) {
    await users.changeUserPassword(req.deps, req.params.id('uid'), req.params.str('new_password', { raw: true, max: 128 }));
    return [];
  },
});

/** Our extension: promote to administrator (1) or demote to ordinary user (2). */
const setGroup = action({
  auth: 'admin',
  async run(req) {
    const groupid = groupParam(req.params, true)!;
    await users.setGroup(req.deps, req.params.id('uid'), groupid);
    return [];
  },
});

const deleteUser = action({
  auth: 'admin',
  async run(req) {
    await users.deleteUser(req.deps, req.params.id('uid'), req.me().uid);
    return [];
  },
});

/** Our extension: a registration that awaits approval may log in from now on. */
const approve = action({
  auth: 'admin',
  async run(req) {
    return users.approveUser(req.deps, req.params.id('uid'));
  },
});

/** Our extension: a registration that awaits approval is turned down (the account is deleted). */
const reject = action({
  auth: 'admin',
  async run(req) {
    await users.rejectUser(req.deps, req.params.id('uid'));
    return [];
  },
});

export default controller('adminUser', { getList, addUser, changePassword, setGroup, deleteUser, approve, reject, checkUpdate });
