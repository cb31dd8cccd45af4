// Teams: the teams themselves, their members (team_members), the items bound to them
// (team_items) and what each member may do in each bound item (team_item_members).
import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { items, teamItemMembers, teamItems, teamMembers, teams, users } from '../schema';
import { MEMBER_GROUP } from '../../../shared/limits';
import { firstRow, firstValue } from './rows';

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamItemRow = typeof teamItems.$inferSelect;
export type TeamItemMemberRow = typeof teamItemMembers.$inferSelect;
export type NewTeamMember = Omit<typeof teamMembers.$inferInsert, 'id'>;
/** a team member's grant on a bound item, as binding or joining gives it */
export type NewTeamItemGrant = Pick<typeof teamItemMembers.$inferInsert, 'teamId' | 'itemId' | 'memberUid' | 'memberUsername' | 'addtime'>;

/** a grant a removal took away: who lost which item */
export interface LostGrant {
  itemId: number;
  uid: number;
}

const lostColumns = { itemId: teamItemMembers.itemId, uid: teamItemMembers.memberUid };

/** Deletes the grants the team gave that `which` picks (all of them when undefined); returns them. */
function takeGrants(db: DbOrTx, teamId: number, which?: SQL): Promise<LostGrant[]> {
  return db
    .delete(teamItemMembers)
    .where(and(eq(teamItemMembers.teamId, teamId), which))
    .returning(lostColumns);
}

// --- teams ------------------------------------------------------------------------------------

export function findTeam(db: DbOrTx, teamId: number): Promise<TeamRow | undefined> {
  return firstRow(db, teams, eq(teams.id, teamId));
}

/** Teams the user owns or has joined, newest first. */
export function teamsOfUser(db: DbOrTx, uid: number): Promise<TeamRow[]> {
  const joined = db.select({ id: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.memberUid, uid));
  return db
    .select()
    .from(teams)
    .where(or(eq(teams.uid, uid), inArray(teams.id, joined)))
    .orderBy(desc(teams.addtime), desc(teams.id));
}

/** For each team: its member count, its live item count, and the user's member group in it. */
export async function teamFigures(
  db: DbOrTx,
  teamIds: number[],
  uid: number,
): Promise<{ memberCounts: Map<number, number>; itemCounts: Map<number, number>; groupsOfUser: Map<number, number> }> {
  const [memberCounts, itemCounts, mine] = await Promise.all([
    db.select({ id: teamMembers.teamId, n: count() }).from(teamMembers).where(inArray(teamMembers.teamId, teamIds)).groupBy(teamMembers.teamId),
    db
      .select({ id: teamItems.teamId, n: count() })
      .from(teamItems)
      .innerJoin(items, and(eq(items.itemId, teamItems.itemId), eq(items.isDel, 0)))
      .where(inArray(teamItems.teamId, teamIds))
      .groupBy(teamItems.teamId),
    db
      .select({ id: teamMembers.teamId, g: teamMembers.teamMemberGroupId })
      .from(teamMembers)
      .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.memberUid, uid))),
  ]);
  return {
    memberCounts: new Map(memberCounts.map((r) => [r.id, Number(r.n)])),
    itemCounts: new Map(itemCounts.map((r) => [r.id, Number(r.n)])),
    groupsOfUser: new Map(mine.map((r) => [r.id, r.g])),
  };
}

export async function insertTeam(db: DbOrTx, row: Omit<typeof teams.$inferInsert, 'id'>): Promise<TeamRow> {
  const [created] = await db.insert(teams).values(row).returning();
  return created;
}

export async function renameTeam(db: DbOrTx, teamId: number, teamName: string, now: number): Promise<TeamRow> {
  const [row] = await db.update(teams).set({ teamName, lastUpdateTime: now }).where(eq(teams.id, teamId)).returning();
  return row;
}

/** Deletes a team with its members, bindings and grants; returns the grants it took away. */
export async function deleteTeam(db: DbOrTx, teamId: number): Promise<LostGrant[]> {
  const gone = await takeGrants(db, teamId);
  await db.delete(teamItems).where(eq(teamItems.teamId, teamId));
  await db.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
  await db.delete(teams).where(eq(teams.id, teamId));
  return gone;
}

/** Hands the team to another user, if `fromUid` still owns it; undefined otherwise. */
export async function setTeamOwner(db: DbOrTx, teamId: number, fromUid: number, to: { uid: number; username: string }, now: number): Promise<TeamRow | undefined> {
  const [row] = await db
    .update(teams)
    .set({ uid: to.uid, username: to.username, lastUpdateTime: now })
    .where(and(eq(teams.id, teamId), eq(teams.uid, fromUid)))
    .returning();
  return row;
}

/** Gives the live items bound to the team that `fromUid` owns to another user; returns them. */
export function moveBoundItemsOwnedBy(
  db: DbOrTx,
  teamId: number,
  fromUid: number,
  to: { uid: number; username: string },
  now: number,
): Promise<{ itemId: number; itemName: string }[]> {
  const bound = db.select({ id: teamItems.itemId }).from(teamItems).where(eq(teamItems.teamId, teamId));
  return db
    .update(items)
    .set({ uid: to.uid, username: to.username, lastUpdateTime: now })
    .where(and(inArray(items.itemId, bound), eq(items.uid, fromUid), eq(items.isDel, 0)))
    .returning({ itemId: items.itemId, itemName: items.itemName });
}

// --- team members -----------------------------------------------------------------------------

/** The user's member group in the team (undefined when not a member). */
export async function memberGroupOf(db: DbOrTx, teamId: number, uid: number): Promise<number | undefined> {
  return firstValue(db, teamMembers.teamMemberGroupId, and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberUid, uid)));
}

/** A team's members with their display names, oldest first. */
export async function listMembers(db: DbOrTx, teamId: number): Promise<(TeamMemberRow & { name: string })[]> {
  const rows = await db
    .select({ m: teamMembers, name: users.name })
    .from(teamMembers)
    .leftJoin(users, eq(users.uid, teamMembers.memberUid))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.addtime), asc(teamMembers.id));
  return rows.map((r) => ({ ...r.m, name: r.name ?? '' }));
}

export function allMembers(db: DbOrTx, teamId: number): Promise<TeamMemberRow[]> {
  return db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
}

/** Which of these users are members of the team already. */
export async function membersAmong(db: DbOrTx, teamId: number, uids: number[]): Promise<number[]> {
  const rows = await db
    .select({ uid: teamMembers.memberUid })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.memberUid, uids)));
  return rows.map((r) => r.uid);
}

/** Inserts member rows (a row that exists meanwhile is skipped); returns the new ones. */
export function insertMembers(db: DbOrTx, rows: NewTeamMember[]): Promise<TeamMemberRow[]> {
  return db.insert(teamMembers).values(rows).onConflictDoNothing().returning();
}

export function findMember(db: DbOrTx, id: number): Promise<TeamMemberRow | undefined> {
  return firstRow(db, teamMembers, eq(teamMembers.id, id));
}

export function findMembership(db: DbOrTx, teamId: number, uid: number): Promise<TeamMemberRow | undefined> {
  return firstRow(db, teamMembers, and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberUid, uid)));
}

/** Removes a member row and every grant the team gave that user; returns the grants taken away. */
export async function deleteMember(db: DbOrTx, row: Pick<TeamMemberRow, 'id' | 'teamId' | 'memberUid'>): Promise<LostGrant[]> {
  await db.delete(teamMembers).where(eq(teamMembers.id, row.id));
  return takeGrants(db, row.teamId, eq(teamItemMembers.memberUid, row.memberUid));
}

/** Removes a user's member rows and grants in one team (its new owner needs none). */
export async function dropUserFromTeam(db: DbOrTx, teamId: number, uid: number): Promise<void> {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberUid, uid)));
  await db.delete(teamItemMembers).where(and(eq(teamItemMembers.teamId, teamId), eq(teamItemMembers.memberUid, uid)));
}

/** The teams through which a user reaches an item. */
export async function teamsGrantingItem(db: DbOrTx, itemId: number, uid: number): Promise<number[]> {
  const rows = await db
    .select({ teamId: teamItemMembers.teamId })
    .from(teamItemMembers)
    .where(and(eq(teamItemMembers.itemId, itemId), eq(teamItemMembers.memberUid, uid)));
  return [...new Set(rows.map((r) => r.teamId))];
}

/** The user leaves these teams: their grants there and their member rows go; returns the items they lost. */
export async function leaveTeams(db: DbOrTx, teamIds: number[], uid: number): Promise<number[]> {
  const removed = await db
    .delete(teamItemMembers)
    .where(and(inArray(teamItemMembers.teamId, teamIds), eq(teamItemMembers.memberUid, uid)))
    .returning({ itemId: teamItemMembers.itemId });
  await db.delete(teamMembers).where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.memberUid, uid)));
  return removed.map((r) => r.itemId);
}

// --- items bound to teams ---------------------------------------------------------------------

/** The teams an item is bound to, oldest binding first, with each team's name and owner. */
export async function bindingsOfItem(db: DbOrTx, itemId: number): Promise<(TeamItemRow & { teamName: string; teamUsername: string })[]> {
  const rows = await db
    .select({ ti: teamItems, teamName: teams.teamName, teamUsername: teams.username })
    .from(teamItems)
    .innerJoin(teams, eq(teams.id, teamItems.teamId))
    .where(eq(teamItems.itemId, itemId))
    .orderBy(asc(teamItems.addtime), asc(teamItems.id));
  return rows.map((r) => ({ ...r.ti, teamName: r.teamName, teamUsername: r.teamUsername }));
}

/** How many members each of these teams has granted on the item. */
export async function grantCountsOnItem(db: DbOrTx, itemId: number, teamIds: number[]): Promise<Map<number, number>> {
  const counts = await db
    .select({ teamId: teamItemMembers.teamId, n: count() })
    .from(teamItemMembers)
    .where(and(eq(teamItemMembers.itemId, itemId), inArray(teamItemMembers.teamId, teamIds)))
    .groupBy(teamItemMembers.teamId);
  return new Map(counts.map((c) => [c.teamId, Number(c.n)]));
}

/** The live items bound to a team, newest binding first, with their names. */
export async function bindingsOfTeam(db: DbOrTx, teamId: number): Promise<(TeamItemRow & { itemName: string })[]> {
  const rows = await db
    .select({ ti: teamItems, itemName: items.itemName })
    .from(teamItems)
    .innerJoin(items, and(eq(items.itemId, teamItems.itemId), eq(items.isDel, 0)))
    .where(eq(teamItems.teamId, teamId))
    .orderBy(desc(teamItems.addtime), desc(teamItems.id));
  return rows.map((r) => ({ ...r.ti, itemName: r.itemName }));
}

/** Ids of the live items bound to a team. */
export async function boundItemIds(db: DbOrTx, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ itemId: teamItems.itemId })
    .from(teamItems)
    .innerJoin(items, and(eq(items.itemId, teamItems.itemId), eq(items.isDel, 0)))
    .where(eq(teamItems.teamId, teamId));
  return rows.map((r) => r.itemId);
}

/** Which of these items are bound to the team already. */
export async function boundAmong(db: DbOrTx, teamId: number, itemIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ itemId: teamItems.itemId })
    .from(teamItems)
    .where(and(eq(teamItems.teamId, teamId), inArray(teamItems.itemId, itemIds)));
  return rows.map((r) => r.itemId);
}

/** Binds items to a team (a binding that exists meanwhile is skipped); returns the new bindings. */
export function insertBindings(db: DbOrTx, teamId: number, itemIds: number[], now: number): Promise<TeamItemRow[]> {
  return db
    .insert(teamItems)
    .values(itemIds.map((itemId) => ({ teamId, itemId, addtime: now })))
    .onConflictDoNothing()
    .returning();
}

export function findBinding(db: DbOrTx, id: number): Promise<TeamItemRow | undefined> {
  return firstRow(db, teamItems, eq(teamItems.id, id));
}

export function findBindingOf(db: DbOrTx, teamId: number, itemId: number): Promise<TeamItemRow | undefined> {
  return firstRow(db, teamItems, and(eq(teamItems.teamId, teamId), eq(teamItems.itemId, itemId)));
}

/** Unbinds an item and removes every grant the team gave on it; returns the grants taken away. */
export async function deleteBinding(db: DbOrTx, row: Pick<TeamItemRow, 'id' | 'teamId' | 'itemId'>): Promise<LostGrant[]> {
  await db.delete(teamItems).where(eq(teamItems.id, row.id));
  return takeGrants(db, row.teamId, eq(teamItemMembers.itemId, row.itemId));
}

// --- what each team member may do in a bound item ---------------------------------------------

/**
 * Grants team members a bound item (a grant that exists is left alone): edit rights on every
 * catalog, ShowDoc's default; teamItemMember/save changes them per member.
 */
export async function insertItemGrants(db: DbOrTx, rows: NewTeamItemGrant[]): Promise<void> {
  if (rows.length) await db.insert(teamItemMembers).values(rows.map((r) => ({ ...r, memberGroupId: MEMBER_GROUP.edit }))).onConflictDoNothing();
}

/** The grants a team gives on one item, with the members' display names, oldest first. */
export async function listItemGrants(db: DbOrTx, teamId: number, itemId: number): Promise<(TeamItemMemberRow & { name: string })[]> {
  const rows = await db
    .select({ m: teamItemMembers, name: users.name })
    .from(teamItemMembers)
    .leftJoin(users, eq(users.uid, teamItemMembers.memberUid))
    .where(and(eq(teamItemMembers.teamId, teamId), eq(teamItemMembers.itemId, itemId)))
    .orderBy(asc(teamItemMembers.addtime), asc(teamItemMembers.id));
  return rows.map((r) => ({ ...r.m, name: r.name ?? '' }));
}

export function findItemGrant(db: DbOrTx, id: number): Promise<TeamItemMemberRow | undefined> {
  return firstRow(db, teamItemMembers, eq(teamItemMembers.id, id));
}

export interface ItemGrantChange {
  /** member group (0 read-only, 1 edit, 2 manage) */
  group?: number;
  limit?: { catId: number; catIds: string };
}

/** Changes what was given of one grant; undefined when the row is gone. */
export async function updateItemGrant(db: DbOrTx, id: number, change: ItemGrantChange): Promise<TeamItemMemberRow | undefined> {
  const set: Partial<typeof teamItemMembers.$inferInsert> = {};
  if (change.group !== undefined) set.memberGroupId = change.group;
  if (change.limit) {
    set.catId = change.limit.catId;
    set.catIds = change.limit.catIds;
  }
  const [updated] = await db.update(teamItemMembers).set(set).where(eq(teamItemMembers.id, id)).returning();
  return updated;
}
