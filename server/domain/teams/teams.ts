// Teams: the caller's list (owned or joined, with counts), create, rename, delete.
import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import { items, teamItemMembers, teamItems, teamMembers, teams } from '../../db/schema';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { TeamRow } from './row';
import { announceLostAccess } from './revoke';

export const TEAM_NAME_MAX = 100;

export interface TeamListRow extends TeamRow {
  memberGroup: number;
  memberCount: number;
  itemCount: number;
}

export async function listTeamsOf(deps: AppDeps, user: SessionUser): Promise<TeamListRow[]> {
  const joined = deps.db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.memberUid, user.uid));
  const rows = await deps.db
    .select()
    .from(teams)
    .where(or(eq(teams.uid, user.uid), inArray(teams.id, joined)))
    .orderBy(desc(teams.addtime), desc(teams.id));
  if (!rows.length) return [];
  const ids = rows.map((t) => t.id);
  const [memberCounts, itemCounts, mine] = await Promise.all([
    deps.db.select({ id: teamMembers.teamId, n: count() }).from(teamMembers).where(inArray(teamMembers.teamId, ids)).groupBy(teamMembers.teamId),
    deps.db
      .select({ id: teamItems.teamId, n: count() })
      .from(teamItems)
      .innerJoin(items, and(eq(items.itemId, teamItems.itemId), eq(items.isDel, 0)))
      .where(inArray(teamItems.teamId, ids))
      .groupBy(teamItems.teamId),
    deps.db
      .select({ id: teamMembers.teamId, g: teamMembers.teamMemberGroupId })
      .from(teamMembers)
      .where(and(inArray(teamMembers.teamId, ids), eq(teamMembers.memberUid, user.uid))),
  ]);
  const mc = new Map(memberCounts.map((r) => [r.id, Number(r.n)]));
  const ic = new Map(itemCounts.map((r) => [r.id, Number(r.n)]));
  const mg = new Map(mine.map((r) => [r.id, r.g]));
  return rows.map((t) => ({ ...t, memberGroup: mg.get(t.id) ?? 0, memberCount: mc.get(t.id) ?? 0, itemCount: ic.get(t.id) ?? 0 }));
}

export function checkTeamName(name: string): string {
  if (!name) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'team_name' });
  if (name.length > TEAM_NAME_MAX) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is too long (max {max} characters)', { name: 'team_name', max: TEAM_NAME_MAX });
  return name;
}

export async function createTeam(deps: AppDeps, user: SessionUser, name: string): Promise<TeamRow> {
  const now = deps.now();
  const [row] = await deps.db
    .insert(teams)
    .values({ teamName: checkTeamName(name), uid: user.uid, username: user.username, addtime: now, lastUpdateTime: now })
    .returning();
  return row;
}

export async function renameTeam(deps: AppDeps, team: TeamRow, name: string): Promise<TeamRow> {
  const [row] = await deps.db
    .update(teams)
    .set({ teamName: checkTeamName(name), lastUpdateTime: deps.now() })
    .where(eq(teams.id, team.id))
    .returning();
  return row;
}

/** Deletes the team, its members, bindings and the access they granted. */
export async function deleteTeam(deps: AppDeps, team: TeamRow): Promise<void> {
  const lost = await deps.db.transaction(async (tx) => {
    const gone = await tx
      .delete(teamItemMembers)
      .where(eq(teamItemMembers.teamId, team.id))
      .returning({ itemId: teamItemMembers.itemId, uid: teamItemMembers.memberUid });
    await tx.delete(teamItems).where(eq(teamItems.teamId, team.id));
    await tx.delete(teamMembers).where(eq(teamMembers.teamId, team.id));
    await tx.delete(teams).where(eq(teams.id, team.id));
    return gone;
  });
  announceLostAccess(deps, lost);
}
