// Items bound to teams. Binding gives every team member edit rights on the item (ShowDoc's
// default); unbinding takes every grant the team gave on that item away at once.
import type { AppDeps } from '../../deps';
import * as teamRepo from '../../db/repos/teams';
import type { TeamItemRow, TeamRow } from '../../db/repos/teams';
import type { ItemRow } from '../../db/repos/items';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { insertNotices, publishNotices, type NoticeInput } from '../notices/create';
import { teamItemNotice, type Actor } from '../notices/membership';
import { announceLostAccess } from './revoke';

export type { TeamItemRow };

/** The teams an item is bound to, with how many members each gave access. */
export async function listTeamsOfItem(deps: AppDeps, itemId: number) {
  const rows = await teamRepo.bindingsOfItem(deps.db, itemId);
  if (!rows.length) return [];
  const n = await teamRepo.grantCountsOnItem(
    deps.db,
    itemId,
    rows.map((r) => r.teamId),
  );
  return rows.map((r) => ({ ...r, memberCount: n.get(r.teamId) ?? 0 }));
}

export async function listItemsOfTeam(deps: AppDeps, team: TeamRow) {
  const rows = await teamRepo.bindingsOfTeam(deps.db, team.id);
  return rows.map((r) => ({ ...r, teamName: team.teamName }));
}

/** Binds items to a team (already bound ones are left alone) and returns the new bindings. */
export async function bindItems(deps: AppDeps, team: TeamRow, toBind: ItemRow[], actor: Actor): Promise<TeamItemRow[]> {
  const now = deps.now();
  const { rows, created } = await deps.db.transaction(async (tx) => {
    const skip = new Set(
      await teamRepo.boundAmong(
        tx,
        team.id,
        toBind.map((i) => i.itemId),
      ),
    );
    const fresh = toBind.filter((i) => !skip.has(i.itemId));
    if (!fresh.length) return { rows: [] as TeamItemRow[], created: [] };
    const rows = await teamRepo.insertBindings(
      tx,
      team.id,
      fresh.map((i) => i.itemId),
      now,
    );
    const members = await teamRepo.allMembers(tx, team.id);
    await teamRepo.insertItemGrants(
      tx,
      rows.flatMap((r) => members.map((m) => ({ teamId: team.id, itemId: r.itemId, memberUid: m.memberUid, memberUsername: m.memberUsername, addtime: now }))),
    );
    const notes: NoticeInput[] = [];
    for (const r of rows) {
      const item = fresh.find((i) => i.itemId === r.itemId)!;
      for (const m of members) if (m.memberUid !== actor.uid && m.memberUid !== item.uid) notes.push(teamItemNotice(m.memberUid, actor, team, item));
    }
    return { rows, created: await insertNotices(tx, notes, now) };
  });
  if (!rows.length) throw new ApiError(ErrorCode.GENERIC, 'Nothing was added: these items are already bound to this team');
  // the team's members reach these items: cached grants there are out of date
  deps.events.emit('reads.stale', { itemIds: rows.map((r) => r.itemId) });
  publishNotices(deps, created);
  return rows;
}

export async function findTeamItem(deps: AppDeps, id: number): Promise<TeamItemRow | undefined> {
  if (id <= 0) return undefined;
  return teamRepo.findBinding(deps.db, id);
}

export function findBinding(deps: AppDeps, teamId: number, itemId: number): Promise<TeamItemRow | undefined> {
  return teamRepo.findBindingOf(deps.db, teamId, itemId);
}

/** Unbinds an item from a team and removes every grant the team gave on it. */
export async function unbindItem(deps: AppDeps, row: TeamItemRow): Promise<void> {
  const lost = await deps.db.transaction((tx) => teamRepo.deleteBinding(tx, row));
  announceLostAccess(deps, lost);
}
