// Questions about a team's members and the items bound to teams, answered over loaded rows
// (DESIGN §4), and the glue that loads what they need for a request.
import type { SessionUser } from '../auth/sessionUser';
import { TEAM_MEMBER_GROUP } from '../../shared/limits';
import type { ItemAccess } from './itemAccess';
import { findItem } from './load';
import { accessToItem, itemNotFound, type Asker } from './request';
import { teamRightsOf, type TeamAccess } from './teamAccess';

/** Making or unmaking team managers is kept to the team's owner and administrators. */
export function canGrantTeamManage(a: TeamAccess): boolean {
  return a.isOwner || a.isAdmin;
}

/** May the caller add team members with this group (1 member, 2 team manager)? */
export function canGiveTeamMemberGroup(a: TeamAccess, group: number): boolean {
  return a.canManage && (group !== TEAM_MEMBER_GROUP.manager || canGrantTeamManage(a));
}

/** May the caller remove this team member? Team managers may, but another manager only the owner (or an admin). */
export function canRemoveTeamMember(a: TeamAccess, member: { teamMemberGroupId: number; memberUid: number }, callerUid: number): boolean {
  if (!a.canManage) return false;
  return member.teamMemberGroupId < TEAM_MEMBER_GROUP.manager || member.memberUid === callerUid || canGrantTeamManage(a);
}

/**
 * May the caller manage an item's binding to a team (its members' rights there, unbinding it):
 * the item's managers may, from the item's side, and so may the team's, from the team's side.
 */
export function canManageTeamItem(item: ItemAccess | undefined, team: TeamAccess | undefined): boolean {
  return !!item?.canManage || !!team?.canManage;
}

/**
 * The item's access and whether the caller manages the team-item (teamItemMember/*): the item is
 * asked first, the team only when that does not settle it. 10101 when the item is missing.
 */
export async function teamItemRights(req: Asker, me: SessionUser, teamId: number, itemId: number): Promise<{ access: ItemAccess; canManage: boolean }> {
  const item = await findItem(req.deps.db, itemId);
  if (!item) throw itemNotFound();
  const access = await accessToItem(req, item);
  if (canManageTeamItem(access, undefined)) return { access, canManage: true };
  return { access, canManage: canManageTeamItem(access, await teamRightsOf(req.deps, me, teamId)) };
}

/** Whether the caller may unbind an item from a team (teamItem/delete): the team is asked first. */
export async function mayUnbindTeamItem(req: Asker, me: SessionUser, binding: { teamId: number; itemId: number }): Promise<boolean> {
  const team = await teamRightsOf(req.deps, me, binding.teamId);
  if (canManageTeamItem(undefined, team)) return true;
  const item = await findItem(req.deps.db, binding.itemId);
  return canManageTeamItem(item ? await accessToItem(req, item) : undefined, team);
}
