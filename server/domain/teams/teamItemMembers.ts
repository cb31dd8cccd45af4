// Per team-item member rights: authority (0 read-only, 1 edit, 2 manage) and catalog limit.
import type { AppDeps } from '../../deps';
import * as teamRepo from '../../db/repos/teams';
import type { ItemGrantChange, TeamItemMemberRow } from '../../db/repos/teams';

export type { TeamItemMemberRow };
export type TeamItemMemberChange = ItemGrantChange;

export function listTeamItemMembers(deps: AppDeps, teamId: number, itemId: number): Promise<(TeamItemMemberRow & { name: string })[]> {
  return teamRepo.listItemGrants(deps.db, teamId, itemId);
}

export async function findTeamItemMember(deps: AppDeps, id: number): Promise<TeamItemMemberRow | undefined> {
  if (id <= 0) return undefined;
  return teamRepo.findItemGrant(deps.db, id);
}

/** Changes only what was given; the member's live sockets are re-checked. */
export async function updateTeamItemMember(deps: AppDeps, row: TeamItemMemberRow, change: TeamItemMemberChange): Promise<TeamItemMemberRow> {
  if (change.group === undefined && !change.limit) return row;
  const updated = await teamRepo.updateItemGrant(deps.db, row.id, change);
  deps.events.emit('item.accessChanged', { itemId: row.itemId, uids: [row.memberUid] });
  return updated ?? row;
}
