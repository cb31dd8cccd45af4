// Per team-item member rights: authority (0 read-only, 1 edit, 2 manage) and catalog limit.
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { teamItemMembers, users } from '../../db/schema';
import type { CatalogLimit } from '../members/catalogLimit';

export type TeamItemMemberRow = typeof teamItemMembers.$inferSelect;

export async function listTeamItemMembers(deps: AppDeps, teamId: number, itemId: number): Promise<(TeamItemMemberRow & { name: string })[]> {
  const rows = await deps.db
    .select({ m: teamItemMembers, name: users.name })
    .from(teamItemMembers)
    .leftJoin(users, eq(users.uid, teamItemMembers.memberUid))
    .where(and(eq(teamItemMembers.teamId, teamId), eq(teamItemMembers.itemId, itemId)))
    .orderBy(asc(teamItemMembers.addtime), asc(teamItemMembers.id));
  return rows.map((r) => ({ ...r.m, name: r.name ?? '' }));
}

export async function findTeamItemMember(deps: AppDeps, id: number): Promise<TeamItemMemberRow | undefined> {
  if (id <= 0) return undefined;
  const [row] = await deps.db.select().from(teamItemMembers).where(eq(teamItemMembers.id, id)).limit(1);
  return row;
}

export interface TeamItemMemberChange {
  group?: number;
  limit?: CatalogLimit;
}

/** Changes only what was given; the member's live sockets are re-checked. */
export async function updateTeamItemMember(deps: AppDeps, row: TeamItemMemberRow, change: TeamItemMemberChange): Promise<TeamItemMemberRow> {
  const set: Partial<typeof teamItemMembers.$inferInsert> = {};
  if (change.group !== undefined) set.memberGroupId = change.group;
  if (change.limit) {
    set.catId = change.limit.catId;
    set.catIds = change.limit.catIds;
  }
  if (!Object.keys(set).length) return row;
  const [updated] = await deps.db.update(teamItemMembers).set(set).where(eq(teamItemMembers.id, row.id)).returning();
  deps.events.emit('item.accessChanged', { itemId: row.itemId, uids: [row.memberUid] });
  return updated ?? row;
}
