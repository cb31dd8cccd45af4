// Who may import a file, and where (DESIGN §4): anyone logged in into a new item of their own;
// into an existing item only with edit rights there and, for members limited to some catalogs,
// only into a catalog inside their limit (the item's root is outside any limit). An import is
// followed (status, report) only by the user who started it. The HTTP actions ask these before
// queueing, and the job asks again when it runs (rights may have changed meanwhile).
import type { AppDeps } from '../deps';
import * as catalogRepo from '../db/repos/pageCatalogs';
import * as userRepo from '../db/repos/users';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import type { ItemAccess, Viewer } from './itemAccess';
import type { PagePlace } from './pages';
import { canWritePageInto } from './pageActions';
import { accessForViewer, itemNotFound, placeOf } from './request';
import { findItemCached } from './load';
import type { SessionUser } from '../auth/sessionUser';

/** A new item from a file: any logged-in user. */
export function canImportNewItem(viewer: Viewer | null): boolean {
  return viewer !== null && viewer.uid > 0;
}

/** Into an existing item's catalog (or root): writing pages there. */
export function canImportInto(access: ItemAccess, place: PagePlace): boolean {
  return canWritePageInto(access, place);
}

/** An import's progress and report: its own user only. */
export function canFollowImport(viewer: Viewer | null, run: { uid: number }): boolean {
  return viewer !== null && viewer.uid === run.uid;
}

const noEdit = () => new ApiError(ErrorCode.NO_ITEM_EDIT, 'You do not have permission to edit this item');

/**
 * Loads what the decision needs and refuses with ShowDoc's codes: 10302 without edit rights
 * (import/auto's code), 10101 for an item or catalog that does not exist.
 */
export async function authorizeImportTarget(deps: AppDeps, user: SessionUser | null, target: { itemId: number; catId: number }): Promise<void> {
  const viewer = user ? { uid: user.uid, isAdmin: user.isAdmin } : null;
  if (!target.itemId) {
    if (!canImportNewItem(viewer)) throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');
    return;
  }
  const item = await findItemCached(deps, target.itemId);
  if (!item) throw itemNotFound();
  const access = await accessForViewer(deps, user, item);
  if (!access.canEdit) throw noEdit();
  if (target.catId && !(await catalogRepo.existsInItem(deps.db, target.catId, item.itemId))) {
    throw new ApiError(ErrorCode.GENERIC, 'The catalog does not belong to this item');
  }
  if (!canImportInto(access, await placeOf(deps, access, target.catId))) {
    throw new ApiError(ErrorCode.NO_ITEM_EDIT, 'You may not import into this catalog: it is outside the catalogs you were given');
  }
}

/** The same, for a job: the user is loaded again (they may have been removed or demoted). */
export async function authorizeImportJob(deps: AppDeps, uid: number, target: { itemId: number; catId: number }): Promise<void> {
  const row = await userRepo.findActiveById(deps.db, uid);
  const user: SessionUser | null = row ? { uid: row.uid, username: row.username, name: '', email: '', emailVerify: 0, groupid: row.groupid, isAdmin: row.groupid === 1 } : null;
  if (!user) throw new ApiError(ErrorCode.GENERIC, 'The account that started this import can no longer import');
  await authorizeImportTarget(deps, user, target);
}
