// Members of a team. A new member gets every item bound to the team (edit rights, as ShowDoc
// does); a removed member loses those grants at once.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { items, teamItemMembers, teamItems, teamMembers, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { MEMBER_GROUP } from '../../../shared/limits';
import { resolveUsers, splitNames } from '../members/usernames';
import { insertNotices, publishNotices } from '../notices/create';
import { teamAddedNotice, type Actor } from '../notices/membership';
import type { TeamRow } from './row';
import { announceLostAccess } from './revoke';

export type TeamMemberRow = typeof teamMembers.$inferSelect;

export async function listTeamMembers(deps: AppDeps, teamId: number): Promise<(TeamMemberRow & { name: string })[]> {
  const rows = await deps.db
    .select({ m: teamMembers, name: users.name })
    .from(teamMembers)
    .leftJoin(users, eq(users.uid, teamMembers.memberUid))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.addtime), asc(teamMembers.id));
  return rows.map((r) => ({ ...r.m, name: r.name ?? '' }));
}

/** Items bound to a team (live ones only). */
export async function boundItemIds(db: DbOrTx, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ itemId: teamItems.itemId })
    .from(teamItems)
    .innerJoin(items, and(eq(items.itemId, teamItems.itemId), eq(items.isDel, 0)))
    .where(eq(teamItems.teamId, teamId));
  return rows.map((r) => r.itemId);
}

export async function addTeamMembers(deps: AppDeps, team: TeamRow, usernames: string, group: number, actor: Actor): Promise<TeamMemberRow[]> {
  const names = splitNames(usernames, 'member_username');
  const found = await resolveUsers(deps.db, names);
  const missing = names.find((n) => !found.has(n));
  if (missing !== undefined) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User {username} does not exist', { username: missing });
  const candidates = [...new Map([...found.values()].map((u) => [u.uid, u])).values()].filter((u) => u.uid !== team.uid);
  const now = deps.now();
  const { rows, created } = await deps.db.transaction(async (tx) => {
    const existing = candidates.length
      ? await tx
          .select({ uid: teamMembers.memberUid })
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, team.id), inArray(teamMembers.memberUid, candidates.map((u) => u.uid))))
      : [];
    const taken = new Set(existing.map((e) => e.uid));
    const fresh = candidates.filter((u) => !taken.has(u.uid));
    if (!fresh.length) return { rows: [] as TeamMemberRow[], created: [] };
    const rows = await tx
      .insert(teamMembers)
      .values(fresh.map((u) => ({ teamId: team.id, memberUid: u.uid, memberUsername: u.username, teamMemberGroupId: group, addtime: now })))
      .onConflictDoNothing()
      .returning();
    const itemIds = await boundItemIds(tx, team.id);
    const grants = rows.flatMap((r) =>
      itemIds.map((itemId) => ({ teamId: team.id, itemId, memberUid: r.memberUid, memberUsername: r.memberUsername, memberGroupId: MEMBER_GROUP.edit, addtime: now })),
    );
    if (grants.length) await tx.insert(teamItemMembers).values(grants).onConflictDoNothing();
    const created = await insertNotices(
      tx,
      rows.map((r) => teamAddedNotice(r.memberUid, actor, team, itemIds.length)),
      now,
    );
    return { rows, created };
  });
  if (!rows.length) throw new ApiError(ErrorCode.GENERIC, 'Nothing was added: these users are already members or the owner of this team');
  // the new members reach the team's items: cached grants there are out of date
  deps.events.emit('reads.stale', { itemIds: await boundItemIds(deps.db, team.id) });
  publishNotices(deps, created);
  return rows;
}

export async function findTeamMember(deps: AppDeps, id: number): Promise<TeamMemberRow | undefined> {
  if (id <= 0) return undefined;
  const [row] = await deps.db.select().from(teamMembers).where(eq(teamMembers.id, id)).limit(1);
  return row;
}

export async function findMembership(deps: AppDeps, teamId: number, uid: number): Promise<TeamMemberRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberUid, uid)))
    .limit(1);
  return row;
}

/** Removes a member and every grant the team gave them. */
export async function removeTeamMember(deps: AppDeps, row: TeamMemberRow): Promise<void> {
  const lost = await deps.db.transaction(async (tx) => {
    await tx.delete(teamMembers).where(eq(teamMembers.id, row.id));
    return tx
      .delete(teamItemMembers)
      .where(and(eq(teamItemMembers.teamId, row.teamId), eq(teamItemMembers.memberUid, row.memberUid)))
      .returning({ itemId: teamItemMembers.itemId, uid: teamItemMembers.memberUid });
  });
  announceLostAccess(deps, lost);
}
