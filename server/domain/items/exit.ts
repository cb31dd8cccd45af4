// item/exitItem: a member leaves an item. A personal membership is removed; when access comes
// through a team, the user leaves that whole team (ShowDoc: a team binding gives every member
// every bound item), which also ends their access to the team's other items.
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { itemMembers, teamItemMembers, teamMembers } from '../../db/schema';

export interface ExitResult {
  leftTeams: number[];
  /** every item whose access changed */
  itemIds: number[];
}

export async function exitItem(deps: AppDeps, itemId: number, uid: number): Promise<ExitResult> {
  const result = await deps.db.transaction(async (tx) => {
    await tx.delete(itemMembers).where(and(eq(itemMembers.itemId, itemId), eq(itemMembers.uid, uid)));
    const teamRows = await tx
      .select({ teamId: teamItemMembers.teamId })
      .from(teamItemMembers)
      .where(and(eq(teamItemMembers.itemId, itemId), eq(teamItemMembers.memberUid, uid)));
    const teamIds = [...new Set(teamRows.map((r) => r.teamId))];
    const itemIds = new Set([itemId]);
    if (teamIds.length) {
      const removed = await tx
        .delete(teamItemMembers)
        .where(and(inArray(teamItemMembers.teamId, teamIds), eq(teamItemMembers.memberUid, uid)))
        .returning({ itemId: teamItemMembers.itemId });
      for (const r of removed) itemIds.add(r.itemId);
      await tx.delete(teamMembers).where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.memberUid, uid)));
    }
    return { leftTeams: teamIds, itemIds: [...itemIds] };
  });
  for (const id of result.itemIds) deps.events.emit('item.accessChanged', { itemId: id, uids: [uid] });
  return result;
}
