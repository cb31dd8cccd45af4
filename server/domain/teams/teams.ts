// Teams: the caller's list (owned or joined, with counts), create, rename, delete.
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import * as teamRepo from '../../db/repos/teams';
import type { TeamRow } from '../../db/repos/teams';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { announceLostAccess } from './revoke';

export const TEAM_NAME_MAX = 100;

export interface TeamListRow extends TeamRow {
  /** the user's team_member_group_id (0 when not a member) */
  teamMemberGroupId: number;
  memberCount: number;
  itemCount: number;
}

export async function listTeamsOf(deps: AppDeps, user: SessionUser): Promise<TeamListRow[]> {
  const rows = await teamRepo.teamsOfUser(deps.db, user.uid);
  if (!rows.length) return [];
  const f = await teamRepo.teamFigures(
    deps.db,
    rows.map((t) => t.id),
    user.uid,
  );
  return rows.map((t) => ({
    ...t,
    teamMemberGroupId: f.groupsOfUser.get(t.id) ?? 0,
    memberCount: f.memberCounts.get(t.id) ?? 0,
    itemCount: f.itemCounts.get(t.id) ?? 0,
  }));
}

export function checkTeamName(name: string): string {
  if (!name) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'team_name' });
  if (name.length > TEAM_NAME_MAX) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is too long (max {max} characters)', { name: 'team_name', max: TEAM_NAME_MAX });
  return name;
}

export async function createTeam(deps: AppDeps, user: SessionUser, name: string): Promise<TeamRow> {
  const now = deps.now();
  return teamRepo.insertTeam(deps.db, { teamName: checkTeamName(name), uid: user.uid, username: user.username, addtime: now, lastUpdateTime: now });
}

export async function renameTeam(deps: AppDeps, team: TeamRow, name: string): Promise<TeamRow> {
  return teamRepo.renameTeam(deps.db, team.id, checkTeamName(name), deps.now());
}

/** Deletes the team, its members, bindings and the access they granted. */
export async function deleteTeam(deps: AppDeps, team: TeamRow): Promise<void> {
  const lost = await deps.db.transaction((tx) => teamRepo.deleteTeam(tx, team.id));
  announceLostAccess(deps, lost);
}
