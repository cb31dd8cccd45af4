// People pickers: everyone with a part in an item (creator, members, team members), and
// everyone the caller has added before (members of their items and teams), de-duplicated.
import type { AppDeps } from '../../deps';
import * as memberRepo from '../../db/repos/members';
import type { PersonSince } from '../../db/repos/members';
import type { ItemRow } from '../../db/repos/items';

export type Person = PersonSince;

function unique(people: Person[]): Person[] {
  const seen = new Set<number>();
  return people.filter((p) => (seen.has(p.uid) ? false : (seen.add(p.uid), true)));
}

export async function peopleOfItem(deps: AppDeps, item: ItemRow): Promise<Person[]> {
  const { creator, members, team } = await memberRepo.peopleOfItem(deps.db, item);
  return unique([...creator, ...members, ...team]);
}

export async function peopleIAdded(deps: AppDeps, uid: number): Promise<Person[]> {
  const { members, team } = await memberRepo.peopleAddedBy(deps.db, uid);
  return unique([...members, ...team].sort((a, b) => b.addtime - a.addtime)).filter((p) => p.uid !== uid);
}
