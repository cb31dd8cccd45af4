// Users and teams. Users keep their ShowDoc password hashes (md5 scheme or bcrypt), verified as
// they are and upgraded to argon2id at their next login (auth/passwords.ts). A ShowDoc user whose
// name a Quire account already has is merged into that account (its password is not touched).
import * as repo from '../../../db/repos/showdocImport';
import { Skip } from '../copy';
import { num, str, type ShowdocUser, type SourceRow } from '../sourceDb';
import { usernameSkeleton } from '../../accountNames';
import type { StepContext } from './context';

async function existingAccounts(ctx: StepContext) {
  const rows = await repo.accountNames(ctx.deps.db);
  return {
    byName: new Map(rows.map((u) => [u.name, Number(u.uid)])),
    skeletons: new Set(rows.map((u) => u.skeleton).filter((s): s is string => !!s)),
  };
}

export async function copyUsers(ctx: StepContext) {
  const { run, src } = ctx;
  const accounts = await existingAccounts(ctx);
  await run.copy<ShowdocUser>({
    source: 'user',
    targetName: 'users',
    idColumn: 'uid',
    idField: 'uid',
    rows: src.users(),
    key: (u) => String(u.uid),
    sourceId: (u) => u.uid,
    conflictReason: 'A user of this name exists already',
    convert(u) {
      const username = u.username.trim();
      if (!username) return new Skip('A user without a name');
      const same = accounts.byName.get(username.toLowerCase());
      if (same !== undefined) {
        run.report.mergedUsers.push(username);
        return same;
      }
      accounts.byName.set(username.toLowerCase(), 0);
      const skeleton = usernameSkeleton(username);
      // two old accounts that look alike: the first keeps the skeleton (schema.ts users)
      const taken = accounts.skeletons.has(skeleton);
      accounts.skeletons.add(skeleton);
      return {
        username,
        name: u.name,
        email: u.email,
        groupid: u.groupId === 1 ? 1 : 2,
        password: u.passwordHash,
        salt: u.salt,
        regTime: u.regTime,
        lastLoginTime: u.lastLoginTime,
        usernameSkeleton: taken ? null : skeleton,
      };
    },
  });
}

export async function copyTeams(ctx: StepContext) {
  const { run, src } = ctx;
  await run.copy<SourceRow>({
    source: 'team',
    targetName: 'teams',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('team'),
    key: (t) => str(t.id),
    sourceId: (t) => num(t.id),
    convert(t) {
      const uid = run.idOf('user', num(t.uid));
      if (uid === undefined) return new Skip('Its owner ({id}) was not imported', { id: num(t.uid) });
      return { teamName: str(t.team_name) || `team ${num(t.id)}`, uid, username: str(t.username), addtime: num(t.addtime), lastUpdateTime: num(t.last_update_time) };
    },
  });
  await run.copy<SourceRow>({
    source: 'team_member',
    targetName: 'team_members',
    idColumn: 'id',
    idField: 'id',
    rows: src.raw('team_member'),
    key: (m) => str(m.id),
    conflictReason: 'The user is in this team already',
    convert(m) {
      const teamId = run.idOf('team', num(m.team_id));
      const uid = run.idOf('user', num(m.member_uid));
      if (teamId === undefined) return new Skip('Its team ({id}) was not imported', { id: num(m.team_id) });
      if (uid === undefined) return new Skip('Its user ({id}) was not imported', { id: num(m.member_uid) });
      return { teamId, memberUid: uid, memberUsername: str(m.member_username), teamMemberGroupId: num(m.team_member_group_id) === 2 ? 2 : 1, addtime: num(m.addtime) };
    },
  });
}
