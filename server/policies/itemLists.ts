// The item list's own marks and an item's history: who may star an item, who may read its change log.
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { MEMBER_GROUP } from '../../shared/limits';
import type { ItemAccess } from './itemAccess';

/** Starring needs the right to visit the item (ShowDoc: 10103 otherwise, never a password prompt). */
export function canStarItem(a: ItemAccess): boolean {
  return a.canVisit;
}

export function requireMayStar(a: ItemAccess): void {
  if (!canStarItem(a)) throw new ApiError(ErrorCode.NO_PERMISSION, 'No permission');
}

/**
 * The change log is for the people who may change the item (ShowDoc: the edit right): the owner,
 * managers, administrators and editing members, also once the item is archived. It names pages and
 * catalogs across the whole item, so a member limited to some catalogs may not read it.
 */
export function canSeeChangeLog(a: ItemAccess): boolean {
  const privileged = a.isAdmin || a.isOwner || a.memberGroup >= MEMBER_GROUP.manage;
  if (privileged) return true;
  return a.canVisit && a.memberGroup >= MEMBER_GROUP.edit && a.catIds === null;
}

export function requireSeeChangeLog(a: ItemAccess): void {
  if (canSeeChangeLog(a)) return;
  if (a.memberGroup >= MEMBER_GROUP.edit) throw new ApiError(ErrorCode.NO_PERMISSION, 'The change log covers the whole item; members limited to some catalogs cannot read it');
  throw new ApiError(ErrorCode.NO_PERMISSION, 'You do not have permission to edit this item');
}
