// /api/adminUser/* — the admin console's user list (spec §7 Admin). Administrators only (10103).
import { action, controller } from '../http/action';
import * as users from '../domain/admin/users';
import * as api from '../../shared/api/adminUser';
import { checkUpdateDef } from './adminUpdate';
import { presentAdminUser, presentAdminUserPage } from '../presenters/admin';

const getList = action(api.getList, {
  auth: 'admin',
  async run(req, p) {
    return presentAdminUserPage(await users.listUsers(req.deps, p.username, { page: p.page, count: p.count }, p.status));
  },
});

/** Without uid: a new user. With uid: new name and/or password (empty = unchanged); `groupid` (1/2) is our extension. */
const addUser = action(api.addUser, {
  auth: 'admin',
  async run(req, p) {
    const { uid, password, name, groupid } = p;
    const row = uid ? await users.editUser(req.deps, uid, { password, name, groupid }) : await users.addUser(req.deps, { username: p.username, password, name, groupid });
    return presentAdminUser(row);
  },
});

const changePassword = action(api.changePassword, {
  auth: 'admin',
  async run(req, p) {
    await users.changeUserPassword(req.deps, p.uid, p.new_password);
    return [];
  },
});

/** Our extension: promote to administrator (1) or demote to ordinary user (2). */
const setGroup = action(api.setGroup, {
  auth: 'admin',
  async run(req, p) {
    await users.setGroup(req.deps, p.uid, p.groupid);
    return [];
  },
});

const deleteUser = action(api.deleteUser, {
  auth: 'admin',
  async run(req, p) {
    await users.deleteUser(req.deps, p.uid, req.me().uid);
    return [];
  },
});

/** Our extension: a registration that awaits approval may log in from now on. */
const approve = action(api.approve, {
  auth: 'admin',
  async run(req, p) {
    return presentAdminUser(await users.approveUser(req.deps, p.uid));
  },
});

/** Our extension: a registration that awaits approval is turned down (the account is deleted). */
const reject = action(api.reject, {
  auth: 'admin',
  async run(req, p) {
    await users.rejectUser(req.deps, p.uid);
    return [];
  },
});

export default controller('adminUser', {
  getList,
  addUser,
  changePassword,
  setGroup,
  deleteUser,
  approve,
  reject,
  checkUpdate: action(api.checkUpdate, checkUpdateDef),
});
