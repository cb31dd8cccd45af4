// Glue between the export decisions and the export code: loads what the decisions need (the
// item's catalog tree, a job's user) and hands the domain an ExportScope to ask, page by page and
// file by file. Used by the export actions and, when a job runs, by the export jobs.
import type { AppDeps } from '../deps';
import * as userRepo from '../db/repos/users';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { decideItemAccess, type ItemAccess, type ItemRow } from './itemAccess';
import { catalogTopMap, findItem, loadGrants } from './load';
import { canExportFile, canExportPage, requireExport } from './exports';
import { itemNotFound } from './request';

/** A stored file as the scope is asked about it. */
export interface FileToEmbed {
  uid: number;
  itemId: number;
  /** the pages it is bound to: their item, and their catalog (null when the page is gone) */
  bindings: { itemId: number; catId: number | null }[];
}

export interface ExportScope {
  item: ItemRow;
  /** whether the pages of this catalog (0 = the item's root) go into the export */
  includesCatalog(catId: number): boolean;
  /** whether this stored file may be copied into the export */
  mayEmbed(file: FileToEmbed): boolean;
}

/** The scope of an export decided for `access` (export rights are checked first). */
export async function exportScopeOf(deps: Pick<AppDeps, 'db'>, access: ItemAccess): Promise<ExportScope> {
  requireExport(access);
  const itemId = access.item.itemId;
  const top = await catalogTopMap(deps.db, itemId);
  const placeOf = (catId: number) => ({ topCatId: catId === 0 ? 0 : (top.get(catId) ?? 0) });
  return {
    item: access.item,
    includesCatalog: (catId) => canExportPage(access, placeOf(catId)),
    mayEmbed: (file) => {
      const here = file.bindings.filter((b) => b.itemId === itemId && b.catId !== null);
      return canExportFile(access, {
        uploaderUid: file.uid,
        uploadedTo: file.itemId,
        boundHere: here.map((b) => placeOf(b.catId!)),
        boundElsewhere: file.bindings.some((b) => b.itemId !== itemId),
      });
    },
  };
}

/**
 * What a job's user may do with the item now (the job runs later than it was asked for): the
 * account must still be active, the item alive, and the rights are decided again from the
 * current memberships. Editors are members, owners or administrators: no item password applies.
 */
export async function exportAccessForJob(deps: Pick<AppDeps, 'db'>, uid: number, itemId: number): Promise<ItemAccess> {
  const user = await userRepo.findActiveById(deps.db, uid);
  if (!user) throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'The account that asked for this job is no longer active');
  const item = await findItem(deps.db, itemId);
  if (!item) throw itemNotFound();
  const grants = await loadGrants(deps.db, itemId, uid);
  return decideItemAccess(item, { uid, isAdmin: user.groupid === 1 }, grants, { passwordProven: false });
}

/** The scope of an export job, decided when it runs. */
export async function exportScopeForJob(deps: Pick<AppDeps, 'db'>, uid: number, itemId: number): Promise<ExportScope> {
  return exportScopeOf(deps, await exportAccessForJob(deps, uid, itemId));
}
