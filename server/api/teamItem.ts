// /api/teamItem/* — items bound to teams. Binding needs manage rights on the team and on each
// item; unbinding may be done from either side (team manager or item manager).
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/teamItem';
import { accessToItem, itemNotFound, managedItem } from '../policies/request';
import { requireManage } from '../policies/itemAccess';
import { findItem } from '../policies/load';
import { managedTeam, teamAccess } from '../policies/teamAccess';
import { mayUnbindTeamItem } from '../policies/teams';
import { bindItems, findTeamItem, listItemsOfTeam, listTeamsOfItem, unbindItem } from '../domain/teams/teamItems';
import { displayName } from '../domain/members/usernames';
import { presentTeamItem, presentTeamOfItem } from '../presenters/team';

const getList = action(api.getList, {
  auth: 'required',
  async run(req, p) {
    const access = await managedItem(req, p.item_id);
    return (await listTeamsOfItem(req.deps, access.item.itemId)).map(presentTeamOfItem);
  },
});

const getListByTeam = action(api.getListByTeam, {
  auth: 'required',
  async run(req, p) {
    const access = await teamAccess(req.deps, req.me(), p.team_id);
    return (await listItemsOfTeam(req.deps, access.team)).map(presentTeamItem);
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const team = await managedTeam(req.deps, me, p.team_id);
    const items = [];
    for (const id of p.item_id) {
      const item = await findItem(req.deps.db, id);
      if (!item) throw itemNotFound();
      requireManage(await accessToItem(req, item), { change: true });
      items.push(item);
    }
    const rows = await bindItems(req.deps, team.team, items, { uid: me.uid, name: displayName(me) });
    return presentTeamItem({ ...rows[rows.length - 1], teamName: team.team.teamName });
  },
});

const del = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    const row = await findTeamItem(req.deps, p.id);
    if (!row || !(await mayUnbindTeamItem(req, req.me(), row))) throw new ApiError(ErrorCode.NO_PERMISSION, 'Binding not found, or you may not change it');
    await unbindItem(req.deps, row);
    return 1 as const;
  },
});

export default controller('teamItem', { getList, getListByTeam, save, delete: del });
