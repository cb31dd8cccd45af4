// Who may move a ShowDoc installation into Quire (#21): administrators only. The import writes
// every user, item and file of the old site, so it is the site's owner's decision. The HTTP
// action asks before it reads the upload (adminShowdoc/start), and the job asks again when it
// runs: the starter may have been demoted or removed meanwhile, and a retry may come days later.
import type { AppDeps } from '../deps';
import * as userRepo from '../db/repos/users';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import type { Viewer } from './itemAccess';

export function canImportShowdoc(viewer: Viewer | null): boolean {
  return viewer !== null && viewer.uid > 0 && viewer.isAdmin;
}

export const showdocImportRefused = () => new ApiError(ErrorCode.NO_PERMISSION, 'Only administrators can move a ShowDoc installation into Quire');

/** The job's check: the user who started it, loaded again, must still be an active administrator. */
export async function authorizeShowdocImportJob(deps: AppDeps, uid: number): Promise<void> {
  const row = await userRepo.findActiveById(deps.db, uid);
  if (!canImportShowdoc(row ? { uid: row.uid, isAdmin: row.groupid === 1 } : null)) throw showdocImportRefused();
}
