// Questions about an item as a whole, answered over loaded rows (DESIGN §4): reading it at all
// on a site that wants a login, copying it, leaving it, what a catalog-limited member sees of its
// tree, and what the caller may do with each item of their list.
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { MEMBER_GROUP } from '../../shared/limits';
import { effectiveGrant, type Grant, type ItemAccess, type ItemRow } from './itemAccess';

/** Whether someone not logged in may read items (site setting force_login). */
export function canReadAnonymously(site: { force_login: boolean }): boolean {
  return !site.force_login;
}

/**
 * Copying an item needs the right to edit it; archived and read-only-display sources may still be
 * copied. A member limited to some catalogs may not copy: the copy would carry the others too.
 */
export function canCopyItem(a: ItemAccess): boolean {
  if (!a.canVisit) return false;
  if (a.canManage) return true;
  return a.memberGroup >= MEMBER_GROUP.edit && a.catIds === null;
}

/** A member may leave an item; its creator may not (they transfer or delete it instead). */
export function canLeaveItem(a: ItemAccess): boolean {
  return !a.isOwner && a.isMember;
}

/** Refuses leaving with the reason (10101). */
export function requireMayLeave(a: ItemAccess): void {
  if (a.isOwner) throw new ApiError(ErrorCode.GENERIC, 'The creator cannot leave the item; transfer or delete it instead');
  if (!canLeaveItem(a)) throw new ApiError(ErrorCode.GENERIC, 'You are not a member of this item');
}

/**
 * The top-level catalogs whose trees the viewer sees (menus, catalog lists), or null for every
 * catalog and the root pages.
 */
export function visibleTopCatalogs(a: ItemAccess): number[] | null {
  return a.catIds;
}

/** What item/myList says the user may do with an item of their list (their grants on it given). */
export function listedItemRights(item: ItemRow, uid: number, grants: Grant[]): { creator: boolean; manage: boolean } {
  const creator = item.uid === uid;
  const group = effectiveGrant(grants)?.group ?? -1;
  return { creator, manage: creator || group >= MEMBER_GROUP.manage };
}
