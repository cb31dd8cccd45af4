// Team rows → ShowDoc's shapes (spec §3 "Team", "Team member", "Team item", "Team item member").
import type { TeamItemMemberRow, TeamItemRow, TeamMemberRow, TeamRow } from '../db/repos/teams';
import type { ListedTeamAnswer, TeamAnswer } from '../../shared/api/team';
import type { TeamMemberAnswer } from '../../shared/api/teamMember';
import type { TeamItemAnswer, TeamOfItemAnswer } from '../../shared/api/teamItem';
import type { TeamItemMemberAnswer } from '../../shared/api/teamItemMember';
import { TEAM_MEMBER_GROUP } from '../../shared/limits';
import { presentGrant, type Lang } from './member';
import { formatTime } from './time';
import { fetched } from './fetched';

export function presentTeam(t: TeamRow): TeamAnswer {
  return fetched({ id: t.id, team_name: t.teamName, uid: t.uid, username: t.username, addtime: formatTime(t.addtime), last_update_time: formatTime(t.lastUpdateTime) });
}

/** A team of the caller's list, with the caller's rights on it (policies: TeamAccess). */
export function presentTeamListRow(
  t: TeamRow & { memberCount: number; itemCount: number },
  rights: { isOwner: boolean; canManage: boolean; memberGroup: number },
): ListedTeamAnswer {
  return {
    ...presentTeam(t),
    is_owner: rights.isOwner ? 1 : 0,
    team_manage: rights.canManage ? 1 : 0,
    // the owner counts as a team manager
    team_member_group_id: rights.isOwner ? TEAM_MEMBER_GROUP.manager : rights.memberGroup,
    memberCount: t.memberCount,
    itemCount: t.itemCount,
  };
}

export function presentTeamMember(m: TeamMemberRow & { name?: string }): TeamMemberAnswer {
  return fetched({
    id: m.id,
    team_id: m.teamId,
    member_uid: m.memberUid,
    member_username: m.memberUsername,
    name: m.name ?? '',
    team_member_group_id: m.teamMemberGroupId,
    addtime: formatTime(m.addtime),
  });
}

export function presentTeamItem(r: TeamItemRow & { teamName?: string; itemName?: string }): TeamItemAnswer {
  return fetched({
    id: r.id,
    team_id: r.teamId,
    item_id: r.itemId,
    team_name: r.teamName ?? '',
    item_name: r.itemName ?? '',
    addtime: formatTime(r.addtime),
  });
}

/** teamItem/getList: with how many team members the binding gives access (after item_name, as before). */
export function presentTeamOfItem(r: TeamItemRow & { teamName: string; memberCount: number }): TeamOfItemAnswer {
  const { addtime, ...rest } = presentTeamItem(r);
  return { ...rest, memberCount: r.memberCount, addtime };
}

export function presentTeamItemMember(r: TeamItemMemberRow & { name?: string }, names: Map<number, string>, lang: Lang): TeamItemMemberAnswer {
  return {
    ...fetched({ id: r.id, team_id: r.teamId, item_id: r.itemId, member_uid: r.memberUid, member_username: r.memberUsername }),
    ...presentGrant(r, names, lang),
  };
}
