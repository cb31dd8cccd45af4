// /api/teamMember/* — members of a team. Team managers add and remove; members may list.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { requireTeamManage, requireTeamOwner, teamAccess, TEAM_GROUP } from '../policies/teamAccess';
import { addTeamMembers, findTeamMember, listTeamMembers, removeTeamMember } from '../domain/teams/teamMembers';
import { displayName } from '../domain/members/usernames';
import { presentTeamMember } from '../presenters/team';

const getList = action({
  auth: 'required',
  async run(req) {
    const access = await teamAccess(req.deps, req.me(), req.params.id('team_id'));
    return (await listTeamMembers(req.deps, access.team.id)).map(presentTeamMember);
  },
});

const save = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const access = await teamAccess(req.deps, me, req.params.id('team_id'));
    requireTeamManage(access);
    const group = req.params.int('team_member_group_id', TEAM_GROUP.member);
    if (group !== TEAM_GROUP.member && group !== TEAM_GROUP.manager) {
      throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'team_member_group_id' });
    }
    // only the owner makes team managers
    if (group === TEAM_GROUP.manager) requireTeamOwner(access);
    const usernames = req.params.str('member_username', { required: true, max: 5000 });
    const rows = await addTeamMembers(req.deps, access.team, usernames, group, { uid: me.uid, name: displayName(me) });
    return presentTeamMember(rows[rows.length - 1]);
  },
});

const del = action({
  auth: 'required',
  async run(req) {
    const me = req.me();
    const row = await findTeamMember(req.deps, req.params.id('id'));
    // an unknown row answers like a team the caller may not manage
    const access = await teamAccess(req.deps, me, row?.teamId ?? 0);
    requireTeamManage(access);
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'Member not found');
    if (row.teamMemberGroupId >= TEAM_GROUP.manager && row.memberUid !== me.uid) requireTeamOwner(access);
    await removeTeamMember(req.deps, row);
    return 1;
  },
});

export default controller('teamMember', { getList, save, delete: del });
