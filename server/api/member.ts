// /api/member/* — personal members of an item (spec §7 "Members and teams"). Item managers only.
import { action, controller } from '../http/action';
import { accessToItemId, managedItem } from '../policies/request';
import { canChangeMemberGroup, canGiveMemberGroup, canRemoveMember, canSeeItemPeople, grantManageRefused, groupTakesCatalogLimit } from '../policies/members';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/member';
import { catalogNames, resolveCatalogLimit, NO_CATALOG_LIMIT } from '../domain/members/catalogLimit';
import { addItemMembers, changeItemMemberGroup, findItemMember, listItemMembers, removeItemMember } from '../domain/members/itemMembers';
import { displayName } from '../domain/members/usernames';
import { peopleIAdded, peopleOfItem } from '../domain/members/people';
import { limitIdsOf, presentItemMember, presentAddedPerson, presentPerson } from '../presenters/member';

const getList = action(api.getList, {
  auth: 'required',
  async run(req, p) {
    const access = await managedItem(req, p.item_id);
    const rows = await listItemMembers(req.deps, access.item.itemId);
    const names = await catalogNames(req.deps.db, limitIdsOf(rows));
    return rows.map((r) => presentItemMember(r, names, req.lang));
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const access = await managedItem(req, p.item_id, { change: true });
    const group = p.member_group_id;
    if (!canGiveMemberGroup(access, group)) throw grantManageRefused();
    // managers are never limited to catalogs
    const limit = groupTakesCatalogLimit(group) ? await resolveCatalogLimit(req.deps.db, access.item.itemId, p.cat_id, p.cat_ids) : NO_CATALOG_LIMIT;
    const rows = await addItemMembers(req.deps, { item: access.item, usernames: p.username, group, limit, actor: { uid: me.uid, name: displayName(me) } });
    const names = await catalogNames(req.deps.db, limitIdsOf(rows));
    return presentItemMember(rows[rows.length - 1], names, req.lang);
  },
});

/** Quire: a member's authority changed in place (the members list's role selector). */
const update = action(api.update, {
  auth: 'required',
  async run(req, p) {
    const access = await managedItem(req, p.item_id, { change: true });
    const row = await findItemMember(req.deps, access.item.itemId, p.item_member_id);
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'Member not found');
    if (!canChangeMemberGroup(access, row, p.member_group_id)) throw grantManageRefused();
    // a manager is never limited to catalogs; a lower group keeps the member's limit
    const limit = groupTakesCatalogLimit(p.member_group_id) ? undefined : NO_CATALOG_LIMIT;
    const updated = await changeItemMemberGroup(req.deps, row, p.member_group_id, limit);
    const names = await catalogNames(req.deps.db, limitIdsOf([updated]));
    return presentItemMember(updated, names, req.lang);
  },
});

const del = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const access = await managedItem(req, p.item_id);
    const row = await findItemMember(req.deps, access.item.itemId, p.item_member_id);
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'Member not found');
    // another manager is removed only by the item's creator (or an admin)
    if (!canRemoveMember(access, row, me.uid)) throw grantManageRefused();
    await removeItemMember(req.deps, row);
    return 1 as const;
  },
});

/** Everyone with a part in an item (people pickers, mentions): editors of the item and admins. */
const getAllList = action(api.getAllList, {
  auth: 'required',
  async run(req, p) {
    if (p.item_id === '' || p.item_id === '0') return [];
    const access = await accessToItemId(req, p.item_id);
    if (!canSeeItemPeople(access)) throw new ApiError(ErrorCode.NO_VISIT, 'You do not have edit rights on this item');
    return (await peopleOfItem(req.deps, access.item)).map(presentPerson);
  },
});

/** People the caller added before to their own items and teams (quick picks). */
const getMyAllList = action(api.getMyAllList, {
  auth: 'required',
  async run(req) {
    return (await peopleIAdded(req.deps, req.me().uid)).map(presentAddedPerson);
  },
});

export default controller('member', { getList, save, update, delete: del, getAllList, getMyAllList });
