// /api/teamItemMember/* — what each team member may do in one bound item (authority and
// catalog limit). Team managers and the item's managers may list and change; only the item's
// creator grants or removes manage rights.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/teamItemMember';
import { requireNotArchived } from '../policies/itemAccess';
import { canChangeMemberGroup, grantManageRefused } from '../policies/members';
import { teamItemRights } from '../policies/teams';
import { findBinding } from '../domain/teams/teamItems';
import { findTeamItemMember, listTeamItemMembers, updateTeamItemMember } from '../domain/teams/teamItemMembers';
import { catalogNames, resolveCatalogLimit } from '../domain/members/catalogLimit';
import { limitIdsOf } from '../presenters/member';
import { presentTeamItemMember } from '../presenters/team';

const refused = () => new ApiError(ErrorCode.NO_PERMISSION, 'Team item not found, or you may not manage it');

const getList = action(api.getList, {
  auth: 'required',
  async run(req, p) {
    const { access, canManage } = await teamItemRights(req, req.me(), p.team_id, p.item_id);
    if (!canManage) throw refused();
    if (!(await findBinding(req.deps, p.team_id, access.item.itemId))) throw refused();
    const rows = await listTeamItemMembers(req.deps, p.team_id, access.item.itemId);
    const names = await catalogNames(req.deps.db, limitIdsOf(rows));
    return rows.map((r) => presentTeamItemMember(r, names, req.lang));
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const row = await findTeamItemMember(req.deps, p.id);
    if (!row) throw refused();
    const { access, canManage } = await teamItemRights(req, req.me(), row.teamId, row.itemId);
    if (!canManage) throw refused();
    requireNotArchived(access);
    const group = p.member_group_id;
    if (group !== undefined && !canChangeMemberGroup(access, row, group)) throw grantManageRefused();
    // cat_id alone replaces the whole limit (cat_ids would otherwise win over it)
    const limit =
      p.cat_id !== undefined || p.cat_ids !== undefined ? await resolveCatalogLimit(req.deps.db, row.itemId, p.cat_id ?? 0, p.cat_ids ?? '') : undefined;
    const updated = await updateTeamItemMember(req.deps, row, { group, limit });
    const names = await catalogNames(req.deps.db, limitIdsOf([updated]));
    return presentTeamItemMember(updated, names, req.lang);
  },
});

export default controller('teamItemMember', { getList, save });
