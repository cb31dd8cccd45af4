// /api/team/* — teams (spec §7 "Members and teams", showdoc-behaviour §3.6).
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { requireTeamManage, requireTeamOwner, teamAccess } from '../policies/teamAccess';
import { createTeam, deleteTeam, listTeamsOf, renameTeam } from '../domain/teams/teams';
import { findMembership, removeTeamMember } from '../domain/teams/teamMembers';
import { attornTeam } from '../domain/teams/attorn';
import { presentTeam, presentTeamListRow } from '../presenters/team';

const getList = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const rows = await listTeamsOf(req.deps, me);
    return rows.map((t) => presentTeamListRow(t, me));
  },
});

const save = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const id = req.params.id('id');
    const name = req.params.str('team_name', { max: 1000 });
    if (!id) return presentTeam(await createTeam(req.deps, me, name));
    const access = await teamAccess(req.deps, me, id);
    requireTeamManage(access);
    return presentTeam(await renameTeam(req.deps, access.team, name));
  },
});

const del = action({
  auth: 'required',
  async run(req) {
    const access = await teamAccess(req.deps, req.me(), req.params.id('id'));
    requireTeamOwner(access);
    await deleteTeam(req.deps, access.team);
    return 1;
  },
});

const attorn = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const access = await teamAccess(req.deps, me, req.params.id('team_id'));
    requireTeamOwner(access);
    const username = req.params.str('username', { required: true, max: 254 });
    const password = req.params.str('password', { raw: true, max: 128 });
    return presentTeam(await attornTeam(req.deps, me, access.team, username, password));
  },
});

/** A member leaves a team (the owner cannot: transfer or delete it instead). */
const exitTeam = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const access = await teamAccess(req.deps, me, req.params.id('team_id'));
    const row = await findMembership(req.deps, access.team.id, me.uid);
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'You are not a member of this team');
    await removeTeamMember(req.deps, row);
    return 1;
  },
});

export default controller('team', { getList, save, delete: del, attorn, exitTeam });
