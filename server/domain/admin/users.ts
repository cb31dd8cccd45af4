// Admin console, users: search, add, edit name/password, promote/demote, delete.
// Administrators cannot be deleted, and the last administrator can never be demoted.
import type { AppDeps } from '../../deps';
import * as userRepo from '../../db/repos/users';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { createUser, findUserById, setPassword, updateName, validatePassword, type UserRow } from '../accounts';

export interface Paging {
  page: number;
  count: number;
}

/** Users matching a name fragment; `status` ('pending', 'unconfirmed', 'active') narrows the list. */
export async function listUsers(deps: AppDeps, fragment: string, paging: Paging, status = ''): Promise<{ total: number; users: UserRow[] }> {
  const { total, rows } = await userRepo.search(deps.db, { fragment, status, limit: paging.count, offset: (paging.page - 1) * paging.count });
  return { total, users: rows };
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
      const admins = await userRepo.lockAdministrators(tx);
      if (!admins.some((a) => a.uid !== uid)) {
        throw new ApiError(ErrorCode.GENERIC, 'The last administrator cannot be demoted; make another user administrator first');
      }
    }
    await userRepo.setGroup(tx, uid, groupid);
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
export async function addUser(deps: AppDeps, input: AddUserInput): Promise<UserRow> {
  if (!input.username) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'username' });
  validatePassword(input.password);
  checkName(input.name);
  return createUser(deps, { username: input.username, password: input.password, name: input.name ?? '', groupid: input.groupid ?? 2 });
}

/** adminUser/addUser with uid: new name and/or password (empty password = unchanged), optional group. */
export async function editUser(deps: AppDeps, uid: number, input: Omit<AddUserInput, 'username'>): Promise<UserRow> {
  await mustFind(deps, uid);
  if (input.password) validatePassword(input.password);
  checkName(input.name);
  if (input.groupid) await setGroup(deps, uid, input.groupid);
  if (input.name !== undefined) await updateName(deps, uid, input.name);
  if (input.password) await setPassword(deps, uid, input.password);
  return mustFind(deps, uid);
}

export async function changeUserPassword(deps: AppDeps, uid: number, password: string): Promise<void> {
  await mustFind(deps, uid);
  await setPassword(deps, uid, password);
}

/** Lets a pending (or unconfirmed) account log in. */
export async function approveUser(deps: AppDeps, uid: number): Promise<UserRow> {
  const u = await mustFind(deps, uid);
  if (u.status !== 'active') {
    await userRepo.setStatus(deps.db, uid, 'active');
    deps.events.emit('user.updated', { uid });
  }
  return mustFind(deps, uid);
}

/** Turns a registration down: the waiting account is deleted (it never had a session or data). */
export async function rejectUser(deps: AppDeps, uid: number): Promise<void> {
  await mustFind(deps, uid);
  if (!(await userRepo.deleteWaiting(deps.db, uid))) {
    throw new ApiError(ErrorCode.GENERIC, 'Only an account that awaits approval can be rejected; delete an active account instead');
  }
  deps.events.emit('user.updated', { uid });
}

/**
 * Deletes an ordinary user: refused for administrators and while they own items or teams
 * (transfer those first). Removes their memberships, tokens, templates and item order.
 */
export async function deleteUser(deps: AppDeps, uid: number, actorUid: number): Promise<void> {
  const u = await mustFind(deps, uid);
  if (uid === actorUid) throw new ApiError(ErrorCode.GENERIC, 'You cannot delete your own account');
  if (u.groupid === 1) throw new ApiError(ErrorCode.GENERIC, 'Administrators cannot be deleted; demote the account first');
  const owned = await userRepo.ownedCounts(deps.db, uid);
  if (owned.items) throw new ApiError(ErrorCode.GENERIC, 'This user still owns {count} items; transfer or delete them first', { count: owned.items });
  if (owned.teams) throw new ApiError(ErrorCode.GENERIC, 'This user still owns {count} teams; transfer or delete them first', { count: owned.teams });

  const memberOf = await deps.db.transaction(async (tx) => {
    if (!(await userRepo.deleteNonAdmin(tx, uid))) throw new ApiError(ErrorCode.GENERIC, 'Administrators cannot be deleted; demote the account first');
    // an item or team created between the check and the delete
    const again = await userRepo.ownedCounts(tx, uid);
    if (again.items || again.teams) throw new ApiError(ErrorCode.GENERIC, 'This user still owns {count} items; transfer or delete them first', { count: again.items });
    return new Set(await userRepo.deleteTraces(tx, uid));
  });
  deps.events.emit('user.tokensRevoked', { uid });
  deps.events.emit('user.updated', { uid });
  for (const itemId of memberOf) deps.events.emit('item.accessChanged', { itemId, uids: [uid] });
}
