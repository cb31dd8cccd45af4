// Who may do what with a team (showdoc-behaviour §1.5 "team manage"): the owner, team managers
// (team_member_group_id 2) and administrators manage it; members may see it. A team the caller
// has no part in answers exactly like a missing one, so team ids reveal nothing.
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import { teamMembers, teams } from '../db/schema';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';

import type { TeamRow } from '../domain/teams/row';

export type { TeamRow };

export const TEAM_GROUP = { member: 1, manager: 2 } as const;

export interface TeamAccess {
  team: TeamRow;
  isOwner: boolean;
  isAdmin: boolean;
  /** 0 = not a member, 1 member, 2 team manager */
  memberGroup: number;
  canView: boolean;
  canManage: boolean;
}

const teamRefused = () => new ApiError(ErrorCode.NO_PERMISSION, 'Team not found, or you may not manage it');

export async function findTeam(deps: AppDeps, teamId: number): Promise<TeamRow | undefined> {
  if (!Number.isInteger(teamId) || teamId <= 0) return undefined;
  const [row] = await deps.db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  return row;
}

export function decideTeamAccess(team: TeamRow, user: SessionUser, memberGroup: number): TeamAccess {
  const isOwner = team.uid === user.uid;
  const isAdmin = user.isAdmin;
  const canManage = isOwner || isAdmin || memberGroup >= TEAM_GROUP.manager;
  return { team, isOwner, isAdmin, memberGroup, canView: canManage || memberGroup > 0, canManage };
}

/** Loads a team and the caller's part in it; refuses (10103) when the caller has none at all. */
export async function teamAccess(deps: AppDeps, user: SessionUser, teamId: number): Promise<TeamAccess> {
  const team = await findTeam(deps, teamId);
  if (!team) throw teamRefused();
  const [m] = await deps.db
    .select({ g: teamMembers.teamMemberGroupId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.memberUid, user.uid)))
    .limit(1);
  const access = decideTeamAccess(team, user, m?.g ?? 0);
  if (!access.canView) throw teamRefused();
  return access;
}

export function requireTeamManage(a: TeamAccess): void {
  if (!a.canManage) throw new ApiError(ErrorCode.NO_PERMISSION, 'Only the team owner or its managers may do this');
}

export function requireTeamOwner(a: TeamAccess): void {
  if (!a.isOwner && !a.isAdmin) throw new ApiError(ErrorCode.NO_PERMISSION, 'Only the team owner may do this');
}
