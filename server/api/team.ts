// /api/team/* — teams (spec §7 "Members and teams", showdoc-behaviour §3.6).
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/team';
import { decideListedTeam, managedTeam, ownedTeam, teamAccess } from '../policies/teamAccess';
import { createTeam, deleteTeam, listTeamsOf, renameTeam } from '../domain/teams/teams';
import { findMembership, removeTeamMember } from '../domain/teams/teamMembers';
import { attornTeam } from '../domain/teams/attorn';
import { presentTeam, presentTeamListRow } from '../presenters/team';

const getList = action(api.getList, {
  auth: 'required',
  async run(req) {
    const me = req.me();
    const rows = await listTeamsOf(req.deps, me);
    return rows.map((t) => presentTeamListRow(t, decideListedTeam(t, me)));
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    if (!p.id) return presentTeam(await createTeam(req.deps, me, p.team_name));
    const access = await managedTeam(req.deps, me, p.id);
    return presentTeam(await renameTeam(req.deps, access.team, p.team_name));
  },
});

const del = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    const access = await ownedTeam(req.deps, req.me(), p.id);
    await deleteTeam(req.deps, access.team);
    return 1 as const;
  },
});

const attorn = action(api.attorn, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const access = await ownedTeam(req.deps, me, p.team_id);
    return presentTeam(await attornTeam(req.deps, me, access.team, p.username, p.password));
  },
});

/** A member leaves a team (the owner cannot: transfer or delete it instead). */
const exitTeam = action(api.exitTeam, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const access = await teamAccess(req.deps, me, p.team_id);
    const row = await findMembership(req.deps, access.team.id, me.uid);
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'You are not a member of this team');
    await removeTeamMember(req.deps, row);
    return 1 as const;
  },
});

export default controller('team', { getList, save, delete: del, attorn, exitTeam });
