// /api/teamMember/* — members of a team. Team managers add and remove; members may list.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/teamMember';
import { managedTeam, requireTeamOwner, teamAccess } from '../policies/teamAccess';
import { canGiveTeamMemberGroup, canRemoveTeamMember } from '../policies/teams';
import { addTeamMembers, findTeamMember, listTeamMembers, removeTeamMember } from '../domain/teams/teamMembers';
import { displayName } from '../domain/members/usernames';
import { presentTeamMember } from '../presenters/team';

const getList = action(api.getList, {
  auth: 'required',
  async run(req, p) {
    const access = await teamAccess(req.deps, req.me(), p.team_id);
    return (await listTeamMembers(req.deps, access.team.id)).map(presentTeamMember);
  },
});

const save = action(api.save, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const access = await managedTeam(req.deps, me, p.team_id);
    // only the owner makes team managers
    if (!canGiveTeamMemberGroup(access, p.team_member_group_id)) requireTeamOwner(access);
    const rows = await addTeamMembers(req.deps, access.team, p.member_username, p.team_member_group_id, { uid: me.uid, name: displayName(me) });
    return presentTeamMember(rows[rows.length - 1]);
  },
});

const del = action(api.remove, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const row = await findTeamMember(req.deps, p.id);
    // an unknown row answers like a team the caller may not manage
    const access = await managedTeam(req.deps, me, row?.teamId ?? 0);
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'Member not found');
    // another team manager is removed only by the owner
    if (!canRemoveTeamMember(access, row, me.uid)) requireTeamOwner(access);
    await removeTeamMember(req.deps, row);
    return 1 as const;
  },
});

export default controller('teamMember', { getList, save, delete: del });
