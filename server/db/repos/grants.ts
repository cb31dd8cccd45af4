// Grants: a user's memberships of an item, personal (item_members) and through teams
// (team_item_members). Loaded here; what they allow is decided in server/policies.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { itemMembers, teamItemMembers } from '../schema';

export interface GrantRow {
  source: 'member' | 'team';
  memberGroupId: number;
  /** 0 = all catalogs */
  catId: number;
  /** comma list of top-level catalog ids; '' = use catId */
  catIds: string;
}

export async function grantsOfUser(db: DbOrTx, itemId: number, uid: number): Promise<GrantRow[]> {
  const [personal, team] = await Promise.all([
    db
      .select({ memberGroupId: itemMembers.memberGroupId, catId: itemMembers.catId, catIds: itemMembers.catIds })
      .from(itemMembers)
      .where(and(eq(itemMembers.itemId, itemId), eq(itemMembers.uid, uid))),
    db
      .select({ memberGroupId: teamItemMembers.memberGroupId, catId: teamItemMembers.catId, catIds: teamItemMembers.catIds })
      .from(teamItemMembers)
      .where(and(eq(teamItemMembers.itemId, itemId), eq(teamItemMembers.memberUid, uid))),
  ]);
  return [...personal.map((g) => ({ ...g, source: 'member' as const })), ...team.map((g) => ({ ...g, source: 'team' as const }))];
}

/** Every grant of a user, on any item (the item list): personal and team rows with their item. */
export async function grantsOfUserOnAllItems(db: DbOrTx, uid: number): Promise<(GrantRow & { itemId: number })[]> {
  const [personal, team] = await Promise.all([
    db
      .select({ itemId: itemMembers.itemId, memberGroupId: itemMembers.memberGroupId, catId: itemMembers.catId, catIds: itemMembers.catIds })
      .from(itemMembers)
      .where(eq(itemMembers.uid, uid)),
    db
      .select({ itemId: teamItemMembers.itemId, memberGroupId: teamItemMembers.memberGroupId, catId: teamItemMembers.catId, catIds: teamItemMembers.catIds })
      .from(teamItemMembers)
      .where(eq(teamItemMembers.memberUid, uid)),
  ]);
  return [...personal.map((g) => ({ ...g, source: 'member' as const })), ...team.map((g) => ({ ...g, source: 'team' as const }))];
}
