// team/attorn: the owner hands a team to another user, with every item bound to it that the
// owner owns (showdoc-behaviour §3.6). Confirmed by the owner's own password (10208; attempts
// are rate-limited per user); the target must exist (10209).
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import * as teamRepo from '../../db/repos/teams';
import type { TeamRow } from '../../db/repos/teams';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { checkOwnPassword } from '../accounts';
import { enforce, type Limit } from '../../auth/throttle';
import { displayName, resolveUsers } from '../members/usernames';
import { insertNotices, publishNotices } from '../notices/create';
import { teamAttornedNotice } from '../notices/membership';
import { announceLostAccess } from './revoke';

export const TEAM_ATTORN_LIMIT: Limit = { name: 'team-attorn', max: 10, windowSeconds: 300 };

export async function attornTeam(deps: AppDeps, me: SessionUser, team: TeamRow, username: string, password: string): Promise<TeamRow> {
  await enforce(deps.db, TEAM_ATTORN_LIMIT, String(me.uid), deps.now());
  await checkOwnPassword(deps, me.uid, password, ErrorCode.OWNER_PASSWORD_WRONG);
  const target = (await resolveUsers(deps.db, [username])).get(username);
  if (!target) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User {username} does not exist', { username });
  if (target.uid === team.uid) throw new ApiError(ErrorCode.GENERIC, 'This user already owns the team');
  const fromUid = team.uid;
  const now = deps.now();
  const { updated, moved, created, lost } = await deps.db.transaction(async (tx) => {
    const to = { uid: target.uid, username: target.username };
    const updated = await teamRepo.setTeamOwner(tx, team.id, fromUid, to, now);
    if (!updated) throw new ApiError(ErrorCode.GENERIC, 'The team changed meanwhile; reload and try again');
    const moved = await teamRepo.moveBoundItemsOwnedBy(tx, team.id, fromUid, to, now);
    // the new owner needs no member rows in their own team
    await teamRepo.dropUserFromTeam(tx, team.id, target.uid);
    const created = await insertNotices(tx, [teamAttornedNotice(target.uid, { uid: me.uid, name: displayName(me) }, team, moved)], now);
    return { updated, moved, created, lost: moved.map((m) => ({ itemId: m.itemId, uid: fromUid })) };
  });
  publishNotices(deps, created);
  for (const m of moved) deps.events.emit('item.attorned', { itemId: m.itemId, fromUid, toUid: target.uid, teamId: team.id });
  announceLostAccess(deps, lost);
  return updated;
}
