// /api/teamItem/* — items bound to teams. Binding needs manage rights on the team and on each
// item; unbinding may be done from either side (team manager or item manager).
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { accessToItem, accessToItemId, itemNotFound } from '../policies/request';
import { requireManage } from '../policies/itemAccess';
import { findItem } from '../policies/load';
import { decideTeamAccess, findTeam, requireTeamManage, teamAccess } from '../policies/teamAccess';
import { bindItems, findTeamItem, listItemsOfTeam, listTeamsOfItem, unbindItem, type TeamItemRow } from '../domain/teams/teamItems';
import { findMembership } from '../domain/teams/teamMembers';
import { displayName } from '../domain/members/usernames';
import { presentTeamItem } from '../presenters/team';

const MAX_ITEMS_PER_REQUEST = 100;

const getList = action({
  auth: 'required',
  async run(req) {
    const access = await accessToItemId(req, req.params.str('item_id', { required: true }));
    requireManage(access);
    return (await listTeamsOfItem(req.deps, access.item.itemId)).map(presentTeamItem);
  },
});

const getListByTeam = action({
  auth: 'required',
  async run(req) {
    const access = await teamAccess(req.deps, req.me(), req.params.id('team_id'));
    return (await listItemsOfTeam(req.deps, access.team)).map(presentTeamItem);
  },
});

function itemIds(raw: string): number[] {
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!ids.length) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'item_id' });
  if (ids.length > MAX_ITEMS_PER_REQUEST) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'item_id' });
  return ids.map((s) => {
    if (!/^\d{1,10}$/.test(s) || Number(s) <= 0 || Number(s) > 2_147_483_647) {
      throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'item_id' });
    }
    return Number(s);
  });
}

const save = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const team = await teamAccess(req.deps, me, req.params.id('team_id'));
    requireTeamManage(team);
    const items = [];
    for (const id of itemIds(req.params.str('item_id', { max: 2000 }))) {
      const item = await findItem(req.deps.db, id);
      if (!item) throw itemNotFound();
      const access = await accessToItem(req, item);
      requireManage(access, { change: true });
      items.push(item);
    }
    const rows = await bindItems(req.deps, team.team, items, { uid: me.uid, name: displayName(me) });
    return presentTeamItem({ ...rows[rows.length - 1], teamName: team.team.teamName });
  },
});

/** Team managers and the item's managers may unbind. */
async function mayUnbind(req: ActionRequest, row: TeamItemRow): Promise<boolean> {
  const me = req.me();
  const team = await findTeam(req.deps, row.teamId);
  if (team) {
    const m = await findMembership(req.deps, team.id, me.uid);
    if (decideTeamAccess(team, me, m?.teamMemberGroupId ?? 0).canManage) return true;
  }
  const item = await findItem(req.deps.db, row.itemId);
  return !!item && (await accessToItem(req, item)).canManage;
}

const del = action({
  auth: 'required',
  async run(req) {
    const row = await findTeamItem(req.deps, req.params.id('id'));
    if (!row || !(await mayUnbind(req, row))) throw new ApiError(ErrorCode.NO_PERMISSION, 'Binding not found, or you may not change it');
    await unbindItem(req.deps, row);
    return 1;
  },
});

export default controller('teamItem', { getList, getListByTeam, save, delete: del });
