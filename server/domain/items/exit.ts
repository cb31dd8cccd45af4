// item/exitItem: a member leaves an item. A personal membership is removed; when access comes
// through a team, the user leaves that whole team (ShowDoc: a team binding gives every member
// every bound item), which also ends their access to the team's other items.
import type { AppDeps } from '../../deps';
import * as memberRepo from '../../db/repos/members';
import * as teamRepo from '../../db/repos/teams';

export interface ExitResult {
  leftTeams: number[];
  /** every item whose access changed */
  itemIds: number[];
}

export async function exitItem(deps: AppDeps, itemId: number, uid: number): Promise<ExitResult> {
  const result = await deps.db.transaction(async (tx) => {
    await memberRepo.deleteMembership(tx, itemId, uid);
    const teamIds = await teamRepo.teamsGrantingItem(tx, itemId, uid);
    const itemIds = new Set([itemId]);
    if (teamIds.length) for (const id of await teamRepo.leaveTeams(tx, teamIds, uid)) itemIds.add(id);
    return { leftTeams: teamIds, itemIds: [...itemIds] };
  });
  for (const id of result.itemIds) deps.events.emit('item.accessChanged', { itemId: id, uids: [uid] });
  return result;
}
