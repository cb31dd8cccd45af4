// Questions about an item's members (personal, and per team-item): who may give or take manage
// rights, who may remove whom, who may see the item's people. Pure decisions over loaded rows.
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { MEMBER_GROUP } from '../../shared/limits';
import type { ItemAccess } from './itemAccess';

/** Granting or taking away manage rights is kept to the item's creator and administrators. */
export function canGrantManage(a: ItemAccess): boolean {
  return a.isOwner || a.isAdmin;
}

/** 10303: the refusal when giving or taking manage rights needs the creator */
export const grantManageRefused = () => new ApiError(ErrorCode.NOT_MANAGER, 'Only the item creator may grant or remove manage rights');

export function requireGrantManage(a: ItemAccess): void {
  if (!canGrantManage(a)) throw grantManageRefused();
}

/** May the caller add members with this group (0 read-only, 1 edit, 2 manage)? */
export function canGiveMemberGroup(a: ItemAccess, group: number): boolean {
  return group !== MEMBER_GROUP.manage || canGrantManage(a);
}

/** May the caller move a member (personal or team-item) from their group to `group`? Manage rights in or out need canGrantManage. */
export function canChangeMemberGroup(a: ItemAccess, member: { memberGroupId: number }, group: number): boolean {
  return (group !== MEMBER_GROUP.manage && member.memberGroupId !== MEMBER_GROUP.manage) || canGrantManage(a);
}

/** May the caller remove this member? Item managers may, but another manager only the creator (or an admin). */
export function canRemoveMember(a: ItemAccess, member: { memberGroupId: number; uid: number }, callerUid: number): boolean {
  if (!a.canManage) return false;
  return member.memberGroupId < MEMBER_GROUP.manage || member.uid === callerUid || canGrantManage(a);
}

/** Whether a catalog limit applies to a group: managers are never limited. */
export function groupTakesCatalogLimit(group: number): boolean {
  return group < MEMBER_GROUP.manage;
}

/** May the caller see everyone with a part in the item (people pickers, mentions): its editors and admins. */
export function canSeeItemPeople(a: ItemAccess): boolean {
  return a.isAdmin || a.canManage || a.memberGroup >= MEMBER_GROUP.edit;
}
