// Users: the SQL of the accounts area. Rows leave without the password hash and its legacy salt
// unless a caller asks for them (login and password checks only).
import { and, count, eq, getTableColumns, ilike, isNull, ne, or, sql, asc, desc } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemGroups, itemMembers, items, itemSort, itemStars, teamItemMembers, teamMembers, teams, templates, ssoIdentities, userSettings, userTokens, users, mcpTokens } from '../schema';
import { escapeLike } from '../like';
import { anyRow, deleteAny, firstRow } from './rows';

const { password, salt, ...publicColumns } = getTableColumns(users);
void password;
void salt;

/** a user without the password hash */
export type UserRow = Omit<typeof users.$inferSelect, 'password' | 'salt'>;
/** a user with the password hash (argon2id, or ShowDoc's legacy md5 with its salt or bcrypt) */
export type UserWithPassword = typeof users.$inferSelect;
export type AccountStatus = 'active' | 'pending' | 'unconfirmed';

const sameName = (name: string) => sql`lower(${users.username}) = lower(${name})`;
const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;
/**
 * Where old data holds an address twice, the same account every time: one whose username is not
 * that address (the username may be a squatter's), a verified one, then the oldest.
 */
const emailOwnerFirst = [sql`lower(${users.username}) = lower(${users.email})`, desc(sql`${users.emailVerify} > 0`), asc(users.uid)];

export async function findById(db: DbOrTx, uid: number): Promise<UserRow | undefined> {
  const [u] = await db.select(publicColumns).from(users).where(eq(users.uid, uid)).limit(1);
  return u;
}

/**
 * An active account by id, as a background job loads again the user it acts for when it runs: an
 * account removed or suspended (pending, unconfirmed) meanwhile is no one.
 */
export async function findActiveById(db: DbOrTx, uid: number): Promise<{ uid: number; username: string; groupid: number } | undefined> {
  if (!Number.isInteger(uid) || uid <= 0) return undefined;
  const [u] = await db
    .select({ uid: users.uid, username: users.username, groupid: users.groupid })
    .from(users)
    .where(and(eq(users.uid, uid), eq(users.status, 'active')))
    .limit(1);
  return u;
}

export function findByIdWithPassword(db: DbOrTx, uid: number): Promise<UserWithPassword | undefined> {
  return firstRow(db, users, eq(users.uid, uid));
}

/** by username, case-insensitively */
export async function findByName(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [u] = await db.select(publicColumns).from(users).where(sameName(username)).limit(1);
  return u;
}

export function findByNameWithPassword(db: DbOrTx, username: string): Promise<UserWithPassword | undefined> {
  return firstRow(db, users, sameName(username));
}

/** the account an email address belongs to (case-insensitively) */
export async function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select(publicColumns)
    .from(users)
    .where(sameEmail(email))
    .orderBy(...emailOwnerFirst)
    .limit(1);
  return u;
}

export async function findByEmailWithPassword(db: DbOrTx, email: string): Promise<UserWithPassword | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(sameEmail(email))
    .orderBy(...emailOwnerFirst)
    .limit(1);
  return u;
}

/** Serialises the claims on one address (an email-shaped username or an email) across processes, until the transaction ends. */
export async function lockAddress(tx: DbOrTx, address: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'quire-address:' + address.toLowerCase()}))`);
}

/** Whether another account has this address as its email or as its username. */
export function addressInUse(db: DbOrTx, address: string, exceptUid = 0): Promise<boolean> {
  return anyRow(db, users, and(or(sameEmail(address), sameName(address)), ne(users.uid, exceptUid)));
}

/** An account with this username (case-insensitively) or this confusable skeleton. */
export async function findSameNameOrLook(db: DbOrTx, username: string, skeleton: string): Promise<{ username: string } | undefined> {
  const [same] = await db
    .select({ username: users.username })
    .from(users)
    .where(or(sameName(username), eq(users.usernameSkeleton, skeleton)))
    .limit(1);
  return same;
}

export interface NewUser {
  username: string;
  usernameSkeleton: string;
  name: string;
  email: string;
  passwordHash: string;
  source: 'local' | 'ldap' | 'sso';
  status: AccountStatus;
  /** undefined: administrator when it is the first account, else an ordinary user */
  groupid?: number;
  regTime: number;
}

export async function insert(db: DbOrTx, u: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      username: u.username,
      usernameSkeleton: u.usernameSkeleton,
      name: u.name,
      email: u.email,
      password: u.passwordHash,
      source: u.source,
      status: u.status,
      groupid: u.groupid ?? sql`case when exists (select 1 from ${users}) then 2 else 1 end`,
      regTime: u.regTime,
    })
    .returning(publicColumns);
  return row;
}

export async function setStatus(db: DbOrTx, uid: number, status: AccountStatus): Promise<void> {
  await db.update(users).set({ status }).where(eq(users.uid, uid));
}

/** Replaces a legacy hash by its argon2id upgrade (same password). */
export async function upgradePasswordHash(db: DbOrTx, uid: number, hash: string): Promise<void> {
  await db.update(users).set({ password: hash, salt: '' }).where(eq(users.uid, uid));
}

/** A new local password: the account logs in locally from now on (an LDAP account included). */
export async function setLocalPassword(db: DbOrTx, uid: number, hash: string): Promise<void> {
  await db.update(users).set({ password: hash, salt: '', source: 'local' }).where(eq(users.uid, uid));
}

export async function setLastLogin(db: DbOrTx, uid: number, now: number): Promise<void> {
  await db.update(users).set({ lastLoginTime: now }).where(eq(users.uid, uid));
}

export async function setName(db: DbOrTx, uid: number, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.uid, uid));
}

/** A new, unverified email. */
export async function setEmail(db: DbOrTx, uid: number, email: string): Promise<void> {
  await db.update(users).set({ email, emailVerify: 0 }).where(eq(users.uid, uid));
}

export async function statusOf(db: DbOrTx, uid: number): Promise<string | undefined> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.uid, uid));
  return row?.status;
}

/** Marks the email verified at `now`; an account that waited for this confirmation becomes active. */
export async function setEmailVerified(db: DbOrTx, uid: number, now: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerify: now, status: sql`case when ${users.status} = 'unconfirmed' then 'active' else ${users.status} end` })
    .where(eq(users.uid, uid));
}

/** accounts stored without a confusable skeleton, oldest first */
export function withoutSkeleton(db: DbOrTx): Promise<{ uid: number; username: string }[]> {
  return db.select({ uid: users.uid, username: users.username }).from(users).where(isNull(users.usernameSkeleton)).orderBy(asc(users.uid));
}

/** Gives an account its skeleton unless another account already holds it. */
export async function setSkeletonIfFree(db: DbOrTx, uid: number, skeleton: string): Promise<void> {
  await db
    .update(users)
    .set({ usernameSkeleton: skeleton })
    .where(and(sql`${users.uid} = ${uid}`, sql`not exists (select 1 from ${users} where ${users.usernameSkeleton} = ${skeleton})`));
}

// --- the admin console ---

export interface UserSearch {
  /** part of the username, name or email; '' = everyone */
  fragment: string;
  /** '' = any status */
  status: string;
  limit: number;
  offset: number;
}

/** A page of users, newest first, and how many match. */
export async function search(db: DbOrTx, q: UserSearch): Promise<{ total: number; rows: UserRow[] }> {
  const like = `%${escapeLike(q.fragment)}%`;
  const where = and(
    q.fragment ? or(ilike(users.username, like), ilike(users.name, like), ilike(users.email, like)) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db.select(publicColumns).from(users).where(where).orderBy(sql`${users.uid} desc`).limit(q.limit).offset(q.offset);
  return { total: Number(n), rows };
}

/** Every administrator, locked for the transaction (FOR UPDATE). */
export function lockAdministrators(tx: DbOrTx): Promise<{ uid: number }[]> {
  return tx.select({ uid: users.uid }).from(users).where(eq(users.groupid, 1)).for('update');
}

export async function setGroup(db: DbOrTx, uid: number, groupid: number): Promise<void> {
  await db.update(users).set({ groupid }).where(eq(users.uid, uid));
}

/** Deletes an account that is not active (awaits approval or confirmation); whether it did. */
export function deleteWaiting(db: DbOrTx, uid: number): Promise<boolean> {
  return deleteAny(db, users, and(eq(users.uid, uid), ne(users.status, 'active')));
}

/** Deletes an account that is not an administrator; whether it did. */
export function deleteNonAdmin(db: DbOrTx, uid: number): Promise<boolean> {
  return deleteAny(db, users, and(eq(users.uid, uid), ne(users.groupid, 1)));
}

/** live items and teams a user owns */
export async function ownedCounts(db: DbOrTx, uid: number): Promise<{ items: number; teams: number }> {
  const [[i], [t]] = await Promise.all([
    db.select({ n: count() }).from(items).where(and(eq(items.uid, uid), eq(items.isDel, 0))),
    db.select({ n: count() }).from(teams).where(eq(teams.uid, uid)),
  ]);
  return { items: Number(i.n), teams: Number(t.n) };
}

/**
 * What a deleted user leaves behind: memberships (personal, team-item and team), tokens, templates
 * item order, groups, stars and settings (the notice webhook). Answers the items whose membership went.
 */
export async function deleteTraces(tx: DbOrTx, uid: number): Promise<number[]> {
  const m1 = await tx.delete(itemMembers).where(eq(itemMembers.uid, uid)).returning({ itemId: itemMembers.itemId });
  const m2 = await tx.delete(teamItemMembers).where(eq(teamItemMembers.memberUid, uid)).returning({ itemId: teamItemMembers.itemId });
  await tx.delete(teamMembers).where(eq(teamMembers.memberUid, uid));
  await tx.delete(userTokens).where(eq(userTokens.uid, uid));
  await tx.delete(mcpTokens).where(eq(mcpTokens.uid, uid));
  await tx.delete(templates).where(eq(templates.uid, uid));
  await tx.delete(itemSort).where(eq(itemSort.uid, uid));
  await tx.delete(itemGroups).where(eq(itemGroups.uid, uid));
  await tx.delete(itemStars).where(eq(itemStars.uid, uid));
  await tx.delete(userSettings).where(eq(userSettings.uid, uid));
  // a provider account linked to the deleted user must not sign in to a later account
  await tx.delete(ssoIdentities).where(eq(ssoIdentities.uid, uid));
  return [...m1, ...m2].map((r) => r.itemId);
}
