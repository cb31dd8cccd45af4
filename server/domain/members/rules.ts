// Rules shared by personal members and team-item members.
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { MEMBER_GROUP } from '../../../shared/limits';
import type { ItemAccess } from '../../policies/itemAccess';

/** Granting or taking away manage rights is kept to the item's creator and administrators. */
export function requireGrantManage(access: ItemAccess): void {
  if (!access.isOwner && !access.isAdmin) throw new ApiError(ErrorCode.NOT_MANAGER, 'Only the item creator may grant or remove manage rights');
}

/** member_group_id: 0 read-only, 1 edit, 2 manage; anything else is refused. */
export function checkMemberGroup(g: number): number {
  if (g !== MEMBER_GROUP.readOnly && g !== MEMBER_GROUP.edit && g !== MEMBER_GROUP.manage) {
    throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} has an invalid value', { name: 'member_group_id' });
  }
  return g;
}
