import type { Team } from '../../api/types';

export type TeamRow = Team & { team_manage?: number | string; is_owner?: number | string; uid?: number | string };

/** Whether the current user may manage the team (team_manage; absent = ShowDoc lists only own teams). */
export function canManageTeam(team: TeamRow | undefined): boolean {
  if (!team) return false;
  return team.team_manage === undefined || Number(team.team_manage) > 0;
}

/** Only the owner transfers or deletes a team. */
export function ownsTeam(team: TeamRow): boolean {
  return team.is_owner === undefined || Number(team.is_owner) > 0;
}
