// The one place that answers "may this user visit / edit / manage this item, and which of its
// catalogs may they see?" (DESIGN §4). Pure decisions over rows; loading lives in load.ts.
import type { ItemRow } from '../db/repos/items';
import type { GrantRow } from '../db/repos/grants';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { ITEM_TYPE, MEMBER_GROUP } from '../../shared/limits';

export type { ItemRow };

export interface Viewer {
  uid: number;
  isAdmin: boolean;
}

/** A membership row reduced to what permissions need (item_members or team_item_members). */
export type Grant = GrantRow;

export interface ItemAccess {
  item: ItemRow;
  viewer: Viewer | null;
  isAdmin: boolean;
  /** the item's owner */
  isOwner: boolean;
  /** effective member group: -1 none, 0 read-only, 1 edit, 2 manage */
  memberGroup: number;
  isMember: boolean;
  /** top-level catalogs this viewer is limited to; null = every catalog and root pages */
  catIds: number[] | null;
  canVisit: boolean;
  /** visit refused only because the item is private and no password/grant was given */
  needsPassword: boolean;
  /** content writes: pages, catalogs, attachments (off for archived and type-3 items) */
  canEdit: boolean;
  /** item settings, members, teams, keys, recycle bin */
  canManage: boolean;
  isArchived: boolean;
  /** what item/info reports as ItemPermn / ItemCreator (type 3 forces both off) */
  itemPermn: boolean;
  itemCreator: boolean;
}

function parseCatList(g: Grant): number[] | null {
  const list = g.catIds
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  if (list.length) return list;
  return g.catId > 0 ? [g.catId] : null;
}

/** Personal membership wins over team membership; several team rows combine (highest group, union of catalogs). */
export function effectiveGrant(grants: Grant[]): { group: number; catIds: number[] | null } | null {
  const personal = grants.find((g) => g.source === 'member');
  if (personal) return { group: personal.memberGroupId, catIds: personal.memberGroupId >= MEMBER_GROUP.manage ? null : parseCatList(personal) };
  const team = grants.filter((g) => g.source === 'team');
  if (!team.length) return null;
  const group = Math.max(...team.map((g) => g.memberGroupId));
  if (group >= MEMBER_GROUP.manage) return { group, catIds: null };
  const lists = team.map(parseCatList);
  if (lists.some((l) => l === null)) return { group, catIds: null };
  return { group, catIds: [...new Set(lists.flat() as number[])] };
}

export interface Credentials {
  /** the item's password was proven (valid _item_pwd or a remembered grant) */
  passwordProven: boolean;
}

export function decideItemAccess(item: ItemRow, viewer: Viewer | null, grants: Grant[], creds: Credentials): ItemAccess {
  const isAdmin = !!viewer?.isAdmin;
  const isOwner = !!viewer && viewer.uid === item.uid;
  const eff = viewer ? effectiveGrant(grants) : null;
  const memberGroup = eff ? eff.group : -1;
  const isMember = memberGroup >= 0;
  const isArchived = item.isArchived === 1;
  const readOnlyType = item.itemType === ITEM_TYPE.readOnlyDisplay;

  const privileged = isAdmin || isOwner || memberGroup >= MEMBER_GROUP.manage;
  const isPublic = item.password === '';
  const canVisit = privileged || isMember || isPublic || creds.passwordProven;
  const canManage = privileged;
  const editRight = privileged || memberGroup >= MEMBER_GROUP.edit;
  const canEdit = editRight && !isArchived && !readOnlyType;
  const catIds = privileged || !eff ? null : eff.catIds;

  return {
    item,
    viewer,
    isAdmin,
    isOwner,
    memberGroup,
    isMember,
    catIds,
    canVisit,
    needsPassword: !canVisit && !isPublic,
    canEdit,
    canManage,
    isArchived,
    itemPermn: canEdit,
    itemCreator: canManage && !readOnlyType && !isArchived,
  };
}

/** Visit denied: 10307 sends the client to the password screen; otherwise 10103. */
export function requireVisit(a: ItemAccess): void {
  if (a.canVisit) return;
  if (a.needsPassword) throw new ApiError(ErrorCode.ITEM_PASSWORD_REQUIRED, 'This item is private; enter its password');
  throw new ApiError(ErrorCode.NO_PERMISSION, 'No permission');
}

export function requireEdit(a: ItemAccess): void {
  requireVisit(a);
  if (a.canEdit) return;
  if (a.isArchived) throw new ApiError(ErrorCode.NO_PERMISSION, 'This item is archived and read-only');
  if (a.item.itemType === ITEM_TYPE.readOnlyDisplay && (a.isOwner || a.isAdmin || a.memberGroup >= MEMBER_GROUP.edit)) {
    throw new ApiError(ErrorCode.NO_PERMISSION, 'This item is a read-only display; its pages are written through the open API');
  }
  throw new ApiError(ErrorCode.NO_PERMISSION, 'You do not have permission to edit this item');
}

/**
 * Item managers: owner, manage-members, administrators. `change` also refuses archived items
 * (settings and membership are frozen once archived; deleting and transferring are still allowed).
 */
export function requireManage(a: ItemAccess, opts: { change?: boolean } = {}): void {
  if (!a.canManage) throw new ApiError(ErrorCode.NOT_MANAGER, 'Only the item creator or its managers may do this');
  if (opts.change) requireNotArchived(a);
}

/** Settings and membership of an archived item are frozen (10103), whoever asks. */
export function requireNotArchived(a: ItemAccess): void {
  if (a.isArchived) throw new ApiError(ErrorCode.NO_PERMISSION, 'This item is archived and read-only');
}

export function requireOwnerOrAdmin(a: ItemAccess): void {
  if (!a.isOwner && !a.isAdmin) throw new ApiError(ErrorCode.NOT_MANAGER, 'Only the item creator may do this');
}

/** Whether a top-level catalog (level 2) is inside the viewer's catalog limit. Root (0) counts as outside a limit. */
export function topCatalogAllowed(a: ItemAccess, topCatId: number): boolean {
  if (a.catIds === null) return true;
  return topCatId > 0 && a.catIds.includes(topCatId);
}
