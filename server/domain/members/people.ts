// People pickers: everyone with a part in an item (creator, members, team members), and
// everyone the caller has added before (members of their items and teams), de-duplicated.
import { asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { itemMembers, items, teamItemMembers, teamMembers, teams, users } from '../../db/schema';
import type { ItemRow } from '../../policies/itemAccess';

export interface Person {
  uid: number;
  username: string;
  name: string;
  addtime: number;
}

function unique(people: Person[]): Person[] {
  const seen = new Set<number>();
  return people.filter((p) => (seen.has(p.uid) ? false : (seen.add(p.uid), true)));
}

/** ShowDoc's "username(name)" label. */
export const usernameName = (p: Pick<Person, 'username' | 'name'>) => (p.name ? `${p.username}(${p.name})` : p.username);

export async function peopleOfItem(deps: AppDeps, item: ItemRow): Promise<Person[]> {
  const [creator, members, team] = await Promise.all([
    deps.db.select({ uid: users.uid, username: users.username, name: users.name, addtime: users.regTime }).from(users).where(eq(users.uid, item.uid)),
    deps.db
      .select({ uid: itemMembers.uid, username: users.username, name: users.name, addtime: itemMembers.addtime })
      .from(itemMembers)
      .innerJoin(users, eq(users.uid, itemMembers.uid))
      .where(eq(itemMembers.itemId, item.itemId))
      .orderBy(asc(itemMembers.addtime), asc(itemMembers.itemMemberId)),
    deps.db
      .select({ uid: teamItemMembers.memberUid, username: users.username, name: users.name, addtime: teamItemMembers.addtime })
      .from(teamItemMembers)
      .innerJoin(users, eq(users.uid, teamItemMembers.memberUid))
      .where(eq(teamItemMembers.itemId, item.itemId))
      .orderBy(asc(teamItemMembers.addtime), asc(teamItemMembers.id)),
  ]);
  return unique([...creator, ...members, ...team]);
}

export async function peopleIAdded(deps: AppDeps, uid: number): Promise<Person[]> {
  const [members, team] = await Promise.all([
    deps.db
      .select({ uid: itemMembers.uid, username: users.username, name: users.name, addtime: itemMembers.addtime })
      .from(itemMembers)
      .innerJoin(items, eq(items.itemId, itemMembers.itemId))
      .innerJoin(users, eq(users.uid, itemMembers.uid))
      .where(eq(items.uid, uid))
      .orderBy(desc(itemMembers.addtime)),
    deps.db
      .select({ uid: teamMembers.memberUid, username: users.username, name: users.name, addtime: teamMembers.addtime })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(users, eq(users.uid, teamMembers.memberUid))
      .where(eq(teams.uid, uid))
      .orderBy(desc(teamMembers.addtime)),
  ]);
  return unique([...members, ...team].sort((a, b) => b.addtime - a.addtime)).filter((p) => p.uid !== uid);
}
