// Items bound to teams. Binding gives every team member edit rights on the item (ShowDoc's
// default); unbinding takes every grant the team gave on that item away at once.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { items, teamItemMembers, teamItems, teamMembers, teams } from '../../db/schema';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { MEMBER_GROUP } from '../../../shared/limits';
import type { ItemRow } from '../../policies/itemAccess';
import { insertNotices, publishNotices, type NoticeInput } from '../notices/create';
import { teamItemNotice, type Actor } from '../notices/membership';
import type { TeamRow } from './row';
import { announceLostAccess } from './revoke';

export type TeamItemRow = typeof teamItems.$inferSelect;

export async function listTeamsOfItem(deps: AppDeps, itemId: number) {
  const rows = await deps.db
    .select({ ti: teamItems, teamName: teams.teamName, teamUid: teams.uid, teamUsername: teams.username })
    .from(teamItems)
    .innerJoin(teams, eq(teams.id, teamItems.teamId))
    .where(eq(teamItems.itemId, itemId))
    .orderBy(asc(teamItems.addtime), asc(teamItems.id));
  if (!rows.length) return [];
  const counts = await deps.db
    .select({ teamId: teamItemMembers.teamId, n: count() })
    .from(teamItemMembers)
    .where(and(eq(teamItemMembers.itemId, itemId), inArray(teamItemMembers.teamId, rows.map((r) => r.ti.teamId))))
    .groupBy(teamItemMembers.teamId);
  const n = new Map(counts.map((c) => [c.teamId, Number(c.n)]));
  return rows.map((r) => ({ ...r.ti, teamName: r.teamName, teamUsername: r.teamUsername, memberCount: n.get(r.ti.teamId) ?? 0 }));
}

export async function listItemsOfTeam(deps: AppDeps, team: TeamRow) {
  const rows = await deps.db
    .select({ ti: teamItems, itemName: items.itemName })
    .from(teamItems)
    .innerJoin(items, and(eq(items.itemId, teamItems.itemId), eq(items.isDel, 0)))
    .where(eq(teamItems.teamId, team.id))
    .orderBy(desc(teamItems.addtime), desc(teamItems.id));
  return rows.map((r) => ({ ...r.ti, itemName: r.itemName, teamName: team.teamName }));
}

/** Binds items to a team (already bound ones are left alone) and returns the new bindings. */
export async function bindItems(deps: AppDeps, team: TeamRow, toBind: ItemRow[], actor: Actor): Promise<TeamItemRow[]> {
  const now = deps.now();
  const { rows, created } = await deps.db.transaction(async (tx) => {
    const bound = await tx
      .select({ itemId: teamItems.itemId })
      .from(teamItems)
      .where(and(eq(teamItems.teamId, team.id), inArray(teamItems.itemId, toBind.map((i) => i.itemId))));
    const skip = new Set(bound.map((b) => b.itemId));
    const fresh = toBind.filter((i) => !skip.has(i.itemId));
    if (!fresh.length) return { rows: [] as TeamItemRow[], created: [] };
    const rows = await tx
      .insert(teamItems)
      .values(fresh.map((i) => ({ teamId: team.id, itemId: i.itemId, addtime: now })))
      .onConflictDoNothing()
      .returning();
    const members = await tx.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    const grants = rows.flatMap((r) =>
      members.map((m) => ({ teamId: team.id, itemId: r.itemId, memberUid: m.memberUid, memberUsername: m.memberUsername, memberGroupId: MEMBER_GROUP.edit, addtime: now })),
    );
    if (grants.length) await tx.insert(teamItemMembers).values(grants).onConflictDoNothing();
    const notes: NoticeInput[] = [];
    for (const r of rows) {
      const item = fresh.find((i) => i.itemId === r.itemId)!;
      for (const m of members) if (m.memberUid !== actor.uid && m.memberUid !== item.uid) notes.push(teamItemNotice(m.memberUid, actor, team, item));
    }
    return { rows, created: await insertNotices(tx, notes, now) };
  });
  if (!rows.length) throw new ApiError(ErrorCode.GENERIC, 'Nothing was added: these items are already bound to this team');
  // the team's members reach these items: cached grants there are out of date
  deps.events.emit('reads.stale', { itemIds: rows.map((r) => r.itemId) });
  publishNotices(deps, created);
  return rows;
}

export async function findTeamItem(deps: AppDeps, id: number): Promise<TeamItemRow | undefined> {
  if (id <= 0) return undefined;
  const [row] = await deps.db.select().from(teamItems).where(eq(teamItems.id, id)).limit(1);
  return row;
}

export async function findBinding(deps: AppDeps, teamId: number, itemId: number): Promise<TeamItemRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(teamItems)
    .where(and(eq(teamItems.teamId, teamId), eq(teamItems.itemId, itemId)))
    .limit(1);
  return row;
}

/** Unbinds an item from a team and removes every grant the team gave on it. */
export async function unbindItem(deps: AppDeps, row: TeamItemRow): Promise<void> {
  const lost = await deps.db.transaction(async (tx) => {
    await tx.delete(teamItems).where(eq(teamItems.id, row.id));
    return tx
      .delete(teamItemMembers)
      .where(and(eq(teamItemMembers.teamId, row.teamId), eq(teamItemMembers.itemId, row.itemId)))
      .returning({ itemId: teamItemMembers.itemId, uid: teamItemMembers.memberUid });
  });
  announceLostAccess(deps, lost);
}
