// Personal members of items (item_members), and people as the member pickers find them: by the
// names a manager typed, by what they share with the caller, or everyone with a part in an item.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemMembers, items, notices, teamItemMembers, teamMembers, teams, users } from '../schema';
import { escapeLike } from '../like';
import { firstRow } from './rows';

export type ItemMemberRow = typeof itemMembers.$inferSelect;
export type ItemMemberListRow = ItemMemberRow & { name: string };
export type NewItemMember = Omit<typeof itemMembers.$inferInsert, 'itemMemberId'>;

/** An item's members with their display names, oldest first. */
export async function listOfItem(db: DbOrTx, itemId: number): Promise<ItemMemberListRow[]> {
  const rows = await db
    .select({ m: itemMembers, name: users.name })
    .from(itemMembers)
    .leftJoin(users, eq(users.uid, itemMembers.uid))
    .where(eq(itemMembers.itemId, itemId))
    .orderBy(asc(itemMembers.addtime), asc(itemMembers.itemMemberId));
  return rows.map((r) => ({ ...r.m, name: r.name ?? '' }));
}

/** Which of these users are members of the item already. */
export async function membersAmong(db: DbOrTx, itemId: number, uids: number[]): Promise<number[]> {
  const rows = await db
    .select({ uid: itemMembers.uid })
    .from(itemMembers)
    .where(and(eq(itemMembers.itemId, itemId), inArray(itemMembers.uid, uids)));
  return rows.map((r) => r.uid);
}

/** Inserts member rows (a row that exists meanwhile is skipped); returns the new ones. */
export function insertMembers(db: DbOrTx, rows: NewItemMember[]): Promise<ItemMemberRow[]> {
  return db.insert(itemMembers).values(rows).onConflictDoNothing().returning();
}

export function findInItem(db: DbOrTx, itemId: number, itemMemberId: number): Promise<ItemMemberRow | undefined> {
  return firstRow(db, itemMembers, and(eq(itemMembers.itemId, itemId), eq(itemMembers.itemMemberId, itemMemberId)));
}

/** Sets a member's group (and, given, its catalog limit); answers the updated row. */
export async function updateGroup(db: DbOrTx, itemMemberId: number, group: number, limit?: { catId: number; catIds: string }): Promise<ItemMemberRow | undefined> {
  const [row] = await db
    .update(itemMembers)
    .set({ memberGroupId: group, ...(limit ?? {}) })
    .where(eq(itemMembers.itemMemberId, itemMemberId))
    .returning();
  return row;
}

export async function deleteById(db: DbOrTx, itemMemberId: number): Promise<void> {
  await db.delete(itemMembers).where(eq(itemMembers.itemMemberId, itemMemberId));
}

/** Removes a user's personal membership of an item (leaving it, or becoming its owner). */
export async function deleteMembership(db: DbOrTx, itemId: number, uid: number): Promise<void> {
  await db.delete(itemMembers).where(and(eq(itemMembers.itemId, itemId), eq(itemMembers.uid, uid)));
}

/** Which of these users still have an unread "added to this item" notice. */
export async function unreadAddedNoticeAmong(db: DbOrTx, itemId: number, uids: number[]): Promise<number[]> {
  const rows = await db
    .select({ uid: notices.toUid })
    .from(notices)
    .where(
      and(
        inArray(notices.toUid, uids),
        eq(notices.noticeType, 'member_added'),
        eq(notices.objectType, 'item'),
        eq(notices.objectId, itemId),
        eq(notices.isRead, 0),
      ),
    );
  return rows.map((r) => r.uid);
}

// --- people -----------------------------------------------------------------------------------

/** A user as the member pickers and lists need them (never the password hash). */
export interface PersonRow {
  uid: number;
  username: string;
  name: string;
  email: string;
  emailVerify: number;
}

const personColumns = { uid: users.uid, username: users.username, name: users.name, email: users.email, emailVerify: users.emailVerify };

/**
 * Accounts whose email is one of `emails` (lower case), other than those whose username is that
 * same address: verified ones first, then the oldest.
 */
export function usersByEmails(db: DbOrTx, emails: string[]): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails), sql`lower(${users.username}) <> lower(${users.email})`))
    .orderBy(desc(sql`${users.emailVerify} > 0`), asc(users.uid));
}

/** Accounts whose username is one of `names` (lower case). */
export function usersByUsernames(db: DbOrTx, names: string[]): Promise<PersonRow[]> {
  return db.select(personColumns).from(users).where(inArray(sql`lower(${users.username})`, names));
}

export interface PersonSince {
  uid: number;
  username: string;
  name: string;
  addtime: number;
}

/** The item's creator, members and team members (each list oldest first). */
export async function peopleOfItem(db: DbOrTx, item: { itemId: number; uid: number }): Promise<{ creator: PersonSince[]; members: PersonSince[]; team: PersonSince[] }> {
  const [creator, members, team] = await Promise.all([
    db.select({ uid: users.uid, username: users.username, name: users.name, addtime: users.regTime }).from(users).where(eq(users.uid, item.uid)),
    db
      .select({ uid: itemMembers.uid, username: users.username, name: users.name, addtime: itemMembers.addtime })
      .from(itemMembers)
      .innerJoin(users, eq(users.uid, itemMembers.uid))
      .where(eq(itemMembers.itemId, item.itemId))
      .orderBy(asc(itemMembers.addtime), asc(itemMembers.itemMemberId)),
    db
      .select({ uid: teamItemMembers.memberUid, username: users.username, name: users.name, addtime: teamItemMembers.addtime })
      .from(teamItemMembers)
      .innerJoin(users, eq(users.uid, teamItemMembers.memberUid))
      .where(eq(teamItemMembers.itemId, item.itemId))
      .orderBy(asc(teamItemMembers.addtime), asc(teamItemMembers.id)),
  ]);
  return { creator, members, team };
}

/** Members of the user's items and of the user's teams, newest first within each list. */
export async function peopleAddedBy(db: DbOrTx, uid: number): Promise<{ members: PersonSince[]; team: PersonSince[] }> {
  const [members, team] = await Promise.all([
    db
      .select({ uid: itemMembers.uid, username: users.username, name: users.name, addtime: itemMembers.addtime })
      .from(itemMembers)
      .innerJoin(items, eq(items.itemId, itemMembers.itemId))
      .innerJoin(users, eq(users.uid, itemMembers.uid))
      .where(eq(items.uid, uid))
      .orderBy(desc(itemMembers.addtime)),
    db
      .select({ uid: teamMembers.memberUid, username: users.username, name: users.name, addtime: teamMembers.addtime })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(users, eq(users.uid, teamMembers.memberUid))
      .where(eq(teams.uid, uid))
      .orderBy(desc(teamMembers.addtime)),
  ]);
  return { members, team };
}

/** Everyone who shares a live item or a team with `uid` (the caller too, when they have any). */
const peopleOf = (uid: number) => sql`
  with my_items as (
    select item_id from items where uid = ${uid} and is_del = 0
    union select m.item_id from item_members m join items i on i.item_id = m.item_id and i.is_del = 0 where m.uid = ${uid}
    union select t.item_id from team_item_members t join items i on i.item_id = t.item_id and i.is_del = 0 where t.member_uid = ${uid}
  ), my_teams as (
    select id as team_id from teams where uid = ${uid}
    union select team_id from team_members where member_uid = ${uid}
  )
  select uid from items where item_id in (select item_id from my_items)
  union select uid from item_members where item_id in (select item_id from my_items)
  union select member_uid from team_item_members where item_id in (select item_id from my_items)
  union select uid from teams where id in (select team_id from my_teams)
  union select member_uid from team_members where team_id in (select team_id from my_teams)`;

/**
 * Users whose username or name starts with `text` (lower case), by username, at most `limit`;
 * only people who share something with `amongUid` (not that user) unless it is null.
 */
export async function usersByPrefix(
  db: DbOrTx,
  text: string,
  amongUid: number | null,
  limit: number,
): Promise<{ uid: number; username: string; name: string }[]> {
  const prefix = `${escapeLike(text)}%`;
  const among = amongUid === null ? sql`` : sql`and u.uid in (${peopleOf(amongUid)}) and u.uid <> ${amongUid}`;
  const r: any = await db.execute(sql`
    select u.uid, u.username, u.name from users u
    where (lower(u.username) like ${prefix} or lower(u.name) like ${prefix}) ${among}
    order by lower(u.username) limit ${limit}`);
  const rows = (r.rows ?? r) as Array<{ uid: number | string; username: string; name: string }>;
  return rows.map((u) => ({ uid: Number(u.uid), username: u.username, name: u.name }));
}
