// Team rows → ShowDoc's shapes (spec §3 "Team", "Team member", "Team item", "Team item member").
import type { TeamRow } from '../policies/teamAccess';
import type { TeamListRow } from '../domain/teams/teams';
import type { TeamMemberRow } from '../domain/teams/teamMembers';
import type { TeamItemRow } from '../domain/teams/teamItems';
import type { TeamItemMemberRow } from '../domain/teams/teamItemMembers';
import { memberGroupText, presentLimit, type Lang } from './member';
import { formatTime } from './time';

export function presentTeam(t: TeamRow) {
  return { id: t.id, team_name: t.teamName, uid: t.uid, username: t.username, addtime: formatTime(t.addtime), last_update_time: formatTime(t.lastUpdateTime) };
}

export function presentTeamListRow(t: TeamListRow, viewer: { uid: number; isAdmin: boolean }) {
  const isOwner = t.uid === viewer.uid;
  return {
    ...presentTeam(t),
    is_owner: isOwner ? 1 : 0,
    team_manage: isOwner || viewer.isAdmin || t.memberGroup >= 2 ? 1 : 0,
    team_member_group_id: isOwner ? 2 : t.memberGroup,
    memberCount: t.memberCount,
    itemCount: t.itemCount,
  };
}

export function presentTeamMember(m: TeamMemberRow & { name?: string }) {
  return {
    id: m.id,
    team_id: m.teamId,
    member_uid: m.memberUid,
    member_username: m.memberUsername,
    name: m.name ?? '',
    team_member_group_id: m.teamMemberGroupId,
    addtime: formatTime(m.addtime),
  };
}

export function presentTeamItem(r: TeamItemRow & { teamName?: string; itemName?: string; memberCount?: number }) {
  return {
    id: r.id,
    team_id: r.teamId,
    item_id: r.itemId,
    team_name: r.teamName ?? '',
    item_name: r.itemName ?? '',
    ...(r.memberCount !== undefined ? { memberCount: r.memberCount } : {}),
    addtime: formatTime(r.addtime),
  };
}

export function presentTeamItemMember(r: TeamItemMemberRow & { name?: string }, names: Map<number, string>, lang: Lang) {
  return {
    id: r.id,
    team_id: r.teamId,
    item_id: r.itemId,
    member_uid: r.memberUid,
    member_username: r.memberUsername,
    name: r.name ?? '',
    member_group_id: r.memberGroupId,
    member_group: memberGroupText(r.memberGroupId, lang),
    ...presentLimit(r, names),
    addtime: formatTime(r.addtime),
  };
}
