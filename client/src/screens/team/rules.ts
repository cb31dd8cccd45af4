import type { ListedTeam as Team } from '@shared/api/team';

/** a team of the list (team/getList), read as tolerantly as ShowDoc's answers: only id and name are sure */
export type TeamRow = Pick<Team, 'id' | 'team_name'> & Partial<Team>;

/** Whether the current user may manage the team (team_manage; absent = ShowDoc lists only own teams). */
export function canManageTeam(team: TeamRow | undefined): boolean {
  if (!team) return false;
  return team.team_manage === undefined || Number(team.team_manage) > 0;
}

/** Only the owner transfers or deletes a team. */
export function ownsTeam(team: TeamRow): boolean {
  return team.is_owner === undefined || Number(team.is_owner) > 0;
}
