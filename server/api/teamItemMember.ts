// /api/teamItemMember/* — what each team member may do in one bound item (authority and
// catalog limit). Team managers and the item's managers may list and change; only the item's
// creator grants or removes manage rights.
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { MEMBER_GROUP } from '../../shared/limits';
import { accessToItem, itemNotFound } from '../policies/request';
import type { ItemAccess } from '../policies/itemAccess';
import { findItem } from '../policies/load';
import { decideTeamAccess, findTeam } from '../policies/teamAccess';
import { findBinding } from '../domain/teams/teamItems';
import { findMembership } from '../domain/teams/teamMembers';
import { findTeamItemMember, listTeamItemMembers, updateTeamItemMember } from '../domain/teams/teamItemMembers';
import { catalogNames, limitIds, resolveCatalogLimit } from '../domain/members/catalogLimit';
import { checkMemberGroup, requireGrantManage } from '../domain/members/rules';
import { presentTeamItemMember } from '../presenters/team';

const refused = () => new ApiError(ErrorCode.NO_PERMISSION, 'Team item not found, or you may not manage it');

/** The item's access, after checking that the caller manages the team or the item. */
async function authorise(req: ActionRequest, teamId: number, itemId: number): Promise<ItemAccess> {
  const me = req.me();
  const item = await findItem(req.deps.db, itemId);
  if (!item) throw itemNotFound();
  const access = await accessToItem(req, item);
  if (access.canManage) return access;
  const team = await findTeam(req.deps, teamId);
  if (!team) throw refused();
  const m = await findMembership(req.deps, team.id, me.uid);
  if (!decideTeamAccess(team, me, m?.teamMemberGroupId ?? 0).canManage) throw refused();
  return access;
}

const getList = action({
  auth: 'required',
  async run(req) {
    const teamId = req.params.id('team_id');
    const access = await authorise(req, teamId, req.params.id('item_id'));
    if (!(await findBinding(req.deps, teamId, access.item.itemId))) throw refused();
    const rows = await listTeamItemMembers(req.deps, teamId, access.item.itemId);
    const names = await catalogNames(req.deps.db, rows.flatMap((r) => limitIds(r)));
    return rows.map((r) => presentTeamItemMember(r, names, req.lang));
  },
});

const save = action({
  auth: 'required',
  async run(req) {
    const row = await findTeamItemMember(req.deps, req.params.id('id'));
    if (!row) throw refused();
    const access = await authorise(req, row.teamId, row.itemId);
    if (access.isArchived) throw new ApiError(ErrorCode.NO_PERMISSION, 'This item is archived and read-only');
    const { params } = req;
    // only fields the request carries (with a value) change; '' counts as absent
    const given = (name: string) => params.has(name) && params.get(name) !== '';
    const group = given('member_group_id') ? checkMemberGroup(params.int('member_group_id')) : undefined;
    if (group === MEMBER_GROUP.manage || (group !== undefined && row.memberGroupId === MEMBER_GROUP.manage)) requireGrantManage(access);
    let limit;
    if (given('cat_id') || given('cat_ids')) {
      // cat_id alone replaces the whole limit (cat_ids would otherwise win over it)
      limit = await resolveCatalogLimit(req.deps.db, row.itemId, params.id('cat_id'), params.str('cat_ids', { max: 2000 }));
    }
    const updated = await updateTeamItemMember(req.deps, row, { group, limit });
    const names = await catalogNames(req.deps.db, limitIds(updated));
    return presentTeamItemMember(updated, names, req.lang);
  },
});

export default controller('teamItemMember', { getList, save });
