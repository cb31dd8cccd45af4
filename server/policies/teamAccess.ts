// Who may do what with a team (showdoc-behaviour §1.5 "team manage"): the owner, team managers
// (team_member_group_id 2) and administrators manage it; members may see it. A team the caller
// has no part in answers exactly like a missing one, so team ids reveal nothing.
import type { AppDeps } from '../deps';
import type { SessionUser } from '../auth/sessionUser';
import * as teamRepo from '../db/repos/teams';
import type { TeamRow } from '../db/repos/teams';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { TEAM_MEMBER_GROUP } from '../../shared/limits';

export type { TeamRow };

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

export async function findTeam(deps: Pick<AppDeps, 'db'>, teamId: number): Promise<TeamRow | undefined> {
  if (!Number.isInteger(teamId) || teamId <= 0) return undefined;
  return teamRepo.findTeam(deps.db, teamId);
}

export function decideTeamAccess(team: TeamRow, user: Pick<SessionUser, 'uid' | 'isAdmin'>, memberGroup: number): TeamAccess {
  const isOwner = team.uid === user.uid;
  const isAdmin = user.isAdmin;
  const canManage = isOwner || isAdmin || memberGroup >= TEAM_MEMBER_GROUP.manager;
  return { team, isOwner, isAdmin, memberGroup, canView: canManage || memberGroup > 0, canManage };
}

/** A team of the caller's list (team/getList), which carries the caller's member group. */
export function decideListedTeam(row: TeamRow & { teamMemberGroupId: number }, user: Pick<SessionUser, 'uid' | 'isAdmin'>): TeamAccess {
  return decideTeamAccess(row, user, row.teamMemberGroupId);
}

/** The caller's rights on a team; undefined when the team does not exist. */
export async function teamRightsOf(deps: Pick<AppDeps, 'db'>, user: SessionUser, teamId: number): Promise<TeamAccess | undefined> {
  const team = await findTeam(deps, teamId);
  if (!team) return undefined;
  return decideTeamAccess(team, user, (await teamRepo.memberGroupOf(deps.db, team.id, user.uid)) ?? 0);
}

/** Loads a team and the caller's part in it; refuses (10103) when the caller has none at all. */
export async function teamAccess(deps: Pick<AppDeps, 'db'>, user: SessionUser, teamId: number): Promise<TeamAccess> {
  const access = await teamRightsOf(deps, user, teamId);
  if (!access?.canView) throw teamRefused();
  return access;
}

export function requireTeamManage(a: TeamAccess): void {
  if (!a.canManage) throw new ApiError(ErrorCode.NO_PERMISSION, 'Only the team owner or its managers may do this');
}

export function requireTeamOwner(a: TeamAccess): void {
  if (!a.isOwner && !a.isAdmin) throw new ApiError(ErrorCode.NO_PERMISSION, 'Only the team owner may do this');
}

/** The caller's access to a team they must manage (its owner, a team manager or an admin). */
export async function managedTeam(deps: Pick<AppDeps, 'db'>, user: SessionUser, teamId: number): Promise<TeamAccess> {
  const access = await teamAccess(deps, user, teamId);
  requireTeamManage(access);
  return access;
}

/** The caller's access to a team they must own (or be an admin). */
export async function ownedTeam(deps: Pick<AppDeps, 'db'>, user: SessionUser, teamId: number): Promise<TeamAccess> {
  const access = await teamAccess(deps, user, teamId);
  requireTeamOwner(access);
  return access;
}
