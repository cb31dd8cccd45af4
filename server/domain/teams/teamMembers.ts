// Members of a team. A new member gets every item bound to the team (edit rights, as ShowDoc
// does); a removed member loses those grants at once.
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import * as teamRepo from '../../db/repos/teams';
import type { TeamMemberRow, TeamRow } from '../../db/repos/teams';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { resolveUsers, splitNames } from '../members/usernames';
import { insertNotices, publishNotices } from '../notices/create';
import { teamAddedNotice, type Actor } from '../notices/membership';
import { announceLostAccess } from './revoke';

export type { TeamMemberRow };

export function listTeamMembers(deps: AppDeps, teamId: number): Promise<(TeamMemberRow & { name: string })[]> {
  return teamRepo.listMembers(deps.db, teamId);
}

/** Items bound to a team (live ones only). */
export function boundItemIds(db: DbOrTx, teamId: number): Promise<number[]> {
  return teamRepo.boundItemIds(db, teamId);
}

/** Adds the named users as team members with `group` (1 member, 2 team manager). */
export async function addTeamMembers(deps: AppDeps, team: TeamRow, usernames: string, group: number, actor: Actor): Promise<TeamMemberRow[]> {
  const names = splitNames(usernames, 'member_username');
  const found = await resolveUsers(deps.db, names);
  const missing = names.find((n) => !found.has(n));
  if (missing !== undefined) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User {username} does not exist', { username: missing });
  const candidates = [...new Map([...found.values()].map((u) => [u.uid, u])).values()].filter((u) => u.uid !== team.uid);
  const now = deps.now();
  const { rows, created } = await deps.db.transaction(async (tx) => {
    const taken = new Set(candidates.length ? await teamRepo.membersAmong(tx, team.id, candidates.map((u) => u.uid)) : []);
    const fresh = candidates.filter((u) => !taken.has(u.uid));
    if (!fresh.length) return { rows: [] as TeamMemberRow[], created: [] };
    const rows = await teamRepo.insertMembers(
      tx,
      fresh.map((u) => ({ teamId: team.id, memberUid: u.uid, memberUsername: u.username, teamMemberGroupId: group, addtime: now })),
    );
    const itemIds = await teamRepo.boundItemIds(tx, team.id);
    await teamRepo.insertItemGrants(
      tx,
      rows.flatMap((r) => itemIds.map((itemId) => ({ teamId: team.id, itemId, memberUid: r.memberUid, memberUsername: r.memberUsername, addtime: now }))),
    );
    const created = await insertNotices(
      tx,
      rows.map((r) => teamAddedNotice(r.memberUid, actor, team, itemIds.length)),
      now,
    );
    return { rows, created };
  });
  if (!rows.length) throw new ApiError(ErrorCode.GENERIC, 'Nothing was added: these users are already members or the owner of this team');
  // the new members reach the team's items: cached grants there are out of date
  deps.events.emit('reads.stale', { itemIds: await teamRepo.boundItemIds(deps.db, team.id) });
  publishNotices(deps, created);
  return rows;
}

export async function findTeamMember(deps: AppDeps, id: number): Promise<TeamMemberRow | undefined> {
  if (id <= 0) return undefined;
  return teamRepo.findMember(deps.db, id);
}

export function findMembership(deps: AppDeps, teamId: number, uid: number): Promise<TeamMemberRow | undefined> {
  return teamRepo.findMembership(deps.db, teamId, uid);
}

/** Removes a member and every grant the team gave them. */
export async function removeTeamMember(deps: AppDeps, row: TeamMemberRow): Promise<void> {
  const lost = await deps.db.transaction((tx) => teamRepo.deleteMember(tx, row));
  announceLostAccess(deps, lost);
}
