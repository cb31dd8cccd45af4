// Admin console, users: search, add, edit name/password, promote/demote, delete.
// Administrators cannot be deleted, and the last administrator can never be demoted.
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { itemMembers, items, itemSort, teamItemMembers, teamMembers, teams, templates, userTokens, users } from '../../db/schema';
import { escapeLike } from '../../db/like';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { createUser, findUserById, setPassword, updateName, validatePassword, type UserRow } from '../accounts';
import { formatTime } from '../../presenters/time';

export interface AdminUserRow {
  uid: number;
  username: string;
  name: string;
  email: string;
  email_verify: number;
  groupid: number;
  source: string;
  /** 'active', 'pending' (awaits approval) or 'unconfirmed' (awaits the email confirmation) */
  status: string;
  reg_time: string;
  last_login_time: string;
}

const present = (u: UserRow): AdminUserRow => ({
  uid: u.uid,
  username: u.username,
  name: u.name,
  email: u.email,
  email_verify: u.emailVerify,
  groupid: u.groupid,
  source: u.source,
  status: u.status,
  reg_time: formatTime(u.regTime),
  last_login_time: formatTime(u.lastLoginTime),
});

export interface Paging {
  page: number;
  count: number;
}

/** Users matching a name fragment; `status` ('pending', 'unconfirmed', 'active') narrows the list. */
export async function listUsers(deps: AppDeps, fragment: string, paging: Paging, status = ''): Promise<{ total: number; users: AdminUserRow[] }> {
  const like = `%${escapeLike(fragment)}%`;
  const where = and(
    fragment ? or(ilike(users.username, like), ilike(users.name, like), ilike(users.email, like)) : undefined,
    status ? eq(users.status, status) : undefined,
  );
  const [{ n }] = await deps.db.select({ n: count() }).from(users).where(where);
  const rows = await deps.db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`${users.uid} desc`)
    .limit(paging.count)
    .offset((paging.page - 1) * paging.count);
  return { total: Number(n), users: rows.map(present) };
}

async function mustFind(deps: AppDeps, uid: number): Promise<UserRow> {
  const u = uid > 0 ? await findUserById(deps, uid) : undefined;
  if (!u) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User does not exist');
  return u;
}

/**
 * Sets a user's group. Demoting locks every administrator row first (FOR UPDATE), so two admins
 * demoting each other at once cannot leave the site without one.
 */
export async function setGroup(deps: AppDeps, uid: number, groupid: 1 | 2): Promise<void> {
  const u = await mustFind(deps, uid);
  if (u.groupid === groupid) return;
  await deps.db.transaction(async (tx) => {
    if (groupid === 2) {
      const admins = await tx.select({ uid: users.uid }).from(users).where(eq(users.groupid, 1)).for('update');
      if (!admins.some((a) => a.uid !== uid)) {
        throw new ApiError(ErrorCode.GENERIC, 'The last administrator cannot be demoted; make another user administrator first');
      }
    }
    await tx.update(users).set({ groupid }).where(eq(users.uid, uid));
  });
  deps.events.emit('user.updated', { uid });
}

export interface AddUserInput {
  username: string;
  password: string;
  /** undefined = unchanged (edit) / '' (new) */
  name?: string;
  /** undefined = unchanged (edit) / ordinary user (new) */
  groupid?: 1 | 2;
}

function checkName(name: string | undefined): void {
  if (name !== undefined && name.length > 50) throw new ApiError(ErrorCode.GENERIC, 'Name is too long (max {max} characters)', { max: 50 });
}

/** adminUser/addUser without uid: a new local account (no captcha, registration switch ignored). */
export async function addUser(deps: AppDeps, input: AddUserInput): Promise<AdminUserRow> {
  if (!input.username) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'username' });
  validatePassword(input.password);
  checkName(input.name);
  const row = await createUser(deps, { username: input.username, password: input.password, name: input.name ?? '', groupid: input.groupid ?? 2 });
  return present(row);
}

/** adminUser/addUser with uid: new name and/or password (empty password = unchanged), optional group. */
export async function editUser(deps: AppDeps, uid: number, input: Omit<AddUserInput, 'username'>): Promise<AdminUserRow> {
  await mustFind(deps, uid);
  if (input.password) validatePassword(input.password);
  checkName(input.name);
  if (input.groupid) await setGroup(deps, uid, input.groupid);
  if (input.name !== undefined) await updateName(deps, uid, input.name);
  if (input.password) await setPassword(deps, uid, input.password);
  return present(await mustFind(deps, uid));
}

export async function changeUserPassword(deps: AppDeps, uid: number, password: string): Promise<void> {
  await mustFind(deps, uid);
  await setPassword(deps, uid, password);
}

/** Lets a pending (or unconfirmed) account log in. */
export async function approveUser(deps: AppDeps, uid: number): Promise<AdminUserRow> {
  const u = await mustFind(deps, uid);
  if (u.status !== 'active') {
    await deps.db.update(users).set({ status: 'active' }).where(eq(users.uid, uid));
    deps.events.emit('user.updated', { uid });
  }
  return present(await mustFind(deps, uid));
}

/** Turns a registration down: the waiting account is deleted (it never had a session or data). */
export async function rejectUser(deps: AppDeps, uid: number): Promise<void> {
  await mustFind(deps, uid);
  const gone = await deps.db
    .delete(users)
    .where(and(eq(users.uid, uid), ne(users.status, 'active')))
    .returning({ uid: users.uid });
  if (!gone.length) throw new ApiError(ErrorCode.GENERIC, 'Only an account that awaits approval can be rejected; delete an active account instead');
  deps.events.emit('user.updated', { uid });
}

async function ownedCounts(db: DbOrTx, uid: number): Promise<{ items: number; teams: number }> {
  const [[i], [t]] = await Promise.all([
    db.select({ n: count() }).from(items).where(and(eq(items.uid, uid), eq(items.isDel, 0))),
    db.select({ n: count() }).from(teams).where(eq(teams.uid, uid)),
  ]);
  return { items: Number(i.n), teams: Number(t.n) };
}

/**
 * Deletes an ordinary user: refused for administrators and while they own items or teams
 * (transfer those first). Removes their memberships, tokens, templates and item order.
 */
export async function deleteUser(deps: AppDeps, uid: number, actorUid: number): Promise<void> {
  const u = await mustFind(deps, uid);
  if (uid === actorUid) throw new ApiError(ErrorCode.GENERIC, 'You cannot delete your own account');
  if (u.groupid === 1) throw new ApiError(ErrorCode.GENERIC, 'Administrators cannot be deleted; demote the account first');
  const owned = await ownedCounts(deps.db, uid);
  if (owned.items) throw new ApiError(ErrorCode.GENERIC, 'This user still owns {count} items; transfer or delete them first', { count: owned.items });
  if (owned.teams) throw new ApiError(ErrorCode.GENERIC, 'This user still owns {count} teams; transfer or delete them first', { count: owned.teams });

  const memberOf = new Set<number>();
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(users).where(and(eq(users.uid, uid), ne(users.groupid, 1))).returning({ uid: users.uid });
    if (!gone) throw new ApiError(ErrorCode.GENERIC, 'Administrators cannot be deleted; demote the account first');
    // an item or team created between the check and the delete
    const again = await ownedCounts(tx, uid);
    if (again.items || again.teams) throw new ApiError(ErrorCode.GENERIC, 'This user still owns {count} items; transfer or delete them first', { count: again.items });
    const m1 = await tx.delete(itemMembers).where(eq(itemMembers.uid, uid)).returning({ itemId: itemMembers.itemId });
    const m2 = await tx.delete(teamItemMembers).where(eq(teamItemMembers.memberUid, uid)).returning({ itemId: teamItemMembers.itemId });
    for (const r of [...m1, ...m2]) memberOf.add(r.itemId);
    await tx.delete(teamMembers).where(eq(teamMembers.memberUid, uid));
    await tx.delete(userTokens).where(eq(userTokens.uid, uid));
    await tx.delete(templates).where(eq(templates.uid, uid));
    await tx.delete(itemSort).where(eq(itemSort.uid, uid));
  });
  deps.events.emit('user.tokensRevoked', { uid });
  deps.events.emit('user.updated', { uid });
  for (const itemId of memberOf) deps.events.emit('item.accessChanged', { itemId, uids: [uid] });
}
