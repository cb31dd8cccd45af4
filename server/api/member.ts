// /api/member/* — personal members of an item (spec §7 "Members and teams"). Item managers only.
import { action, controller } from '../http/action';
import { accessToItemId } from '../policies/request';
import { requireManage } from '../policies/itemAccess';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { MEMBER_GROUP } from '../../shared/limits';
import { catalogNames, resolveCatalogLimit } from '../domain/members/catalogLimit';
import { addItemMembers, findItemMember, listItemMembers, removeItemMember } from '../domain/members/itemMembers';
import { displayName } from '../domain/members/usernames';
import { checkMemberGroup, requireGrantManage } from '../domain/members/rules';
import { peopleIAdded, peopleOfItem } from '../domain/members/people';
import { memberLimitIds, presentItemMember, presentPerson } from '../presenters/member';

const getList = action({
  auth: 'required',
  async run(req) {
    const access = await accessToItemId(req, req.params.str('item_id', { required: true }));
    requireManage(access);
    const rows = await listItemMembers(req.deps, access.item.itemId);
    const names = await catalogNames(req.deps.db, memberLimitIds(rows));
    return rows.map((r) => presentItemMember(r, names, req.lang));
  },
});

const save = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const access = await accessToItemId(req, req.params.str('item_id', { required: true }));
    requireManage(access, { change: true });
    const group = checkMemberGroup(req.params.int('member_group_id', MEMBER_GROUP.readOnly));
    if (group === MEMBER_GROUP.manage) requireGrantManage(access);
    const usernames = req.params.str('username', { required: true, max: 5000 });
    const limit =
      group === MEMBER_GROUP.manage
        ? { catId: 0, catIds: '' }
        : await resolveCatalogLimit(req.deps.db, access.item.itemId, req.params.id('cat_id'), req.params.str('cat_ids', { max: 2000 }));
    const rows = await addItemMembers(req.deps, { item: access.item, usernames, group, limit, actor: { uid: me.uid, name: displayName(me) } });
    const names = await catalogNames(req.deps.db, memberLimitIds(rows.map((r) => ({ ...r, name: '' }))));
    return presentItemMember(rows[rows.length - 1], names, req.lang);
  },
});

const del = action({
  auth: 'required',
  async run(req) {
    const access = await accessToItemId(req, req.params.str('item_id', { required: true }));
    requireManage(access);
    const row = await findItemMember(req.deps, access.item.itemId, req.params.id('item_member_id'));
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'Member not found');
    if (row.memberGroupId >= MEMBER_GROUP.manage && row.uid !== req.me().uid) requireGrantManage(access);
    await removeItemMember(req.deps, row);
    return 1;
  },
});

/** Everyone with a part in an item (people pickers, mentions): editors of the item and admins. */
const getAllList = action({
  auth: 'required',
  async run(req) {
    const raw = req.params.str('item_id');
    if (raw === '' || raw === '0') return [];
    const access = await accessToItemId(req, raw);
    if (!access.isAdmin && !access.canManage && access.memberGroup < MEMBER_GROUP.edit) {
      throw new ApiError(ErrorCode.NO_VISIT, 'You do not have edit rights on this item');
    }
    return (await peopleOfItem(req.deps, access.item)).map(presentPerson);
  },
});

/** People the caller added before to their own items and teams (quick picks). */
const getMyAllList = action({
  auth: 'required',
  async run(req) {
    return (await peopleIAdded(req.deps, req.me().uid)).map(presentPerson);
  },
});

export default controller('member', { getList, save, delete: del, getAllList, getMyAllList });
