// item/myList: the items a user owns, is a member of, or reaches through a team (deleted ones
// excluded), in item_id order, then re-ordered by the user's saved drag order (item/sort).
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemMembers, items, itemSort, teamItemMembers } from '../../db/schema';
import type { ItemRow } from '../../policies/itemAccess';
import { MEMBER_GROUP } from '../../../shared/limits';

export interface ListedItem {
  item: ItemRow;
  /** the user owns it */
  creator: boolean;
  /** owner or manage member (personal or team) */
  manage: boolean;
  /** sort key (saved drag position, else item_id) */
  sNumber: number;
}

export async function listMyItems(db: DbOrTx, uid: number, opts: { original: boolean; groupId: number }): Promise<ListedItem[]> {
  const managed = new Map<number, boolean>();
  if (!opts.original) {
    const [personal, team] = await Promise.all([
      db.select({ itemId: itemMembers.itemId, g: itemMembers.memberGroupId }).from(itemMembers).where(eq(itemMembers.uid, uid)),
      db.select({ itemId: teamItemMembers.itemId, g: teamItemMembers.memberGroupId }).from(teamItemMembers).where(eq(teamItemMembers.memberUid, uid)),
    ]);
    // personal membership wins over team membership (itemAccess.effectiveGrant)
    for (const r of team) managed.set(r.itemId, (managed.get(r.itemId) ?? false) || r.g >= MEMBER_GROUP.manage);
    for (const r of personal) managed.set(r.itemId, r.g >= MEMBER_GROUP.manage);
  }
  const ids = [...managed.keys()];
  const where = ids.length ? and(eq(items.isDel, 0), or(eq(items.uid, uid), inArray(items.itemId, ids))) : and(eq(items.isDel, 0), eq(items.uid, uid));
  const [rows, sortRows] = await Promise.all([
    db.select().from(items).where(where).orderBy(asc(items.itemId)),
    db.select().from(itemSort).where(and(eq(itemSort.uid, uid), eq(itemSort.itemGroupId, opts.groupId))).limit(1),
  ]);
  const order = sortRows[0]?.itemSortData ?? {};
  const listed = rows.map((item) => {
    const pos = Number(order[String(item.itemId)]);
    return {
      item,
      creator: item.uid === uid,
      manage: item.uid === uid || managed.get(item.itemId) === true,
      sNumber: Number.isFinite(pos) ? pos : item.itemId,
    };
  });
  if (sortRows.length) listed.sort((a, b) => a.sNumber - b.sNumber || a.item.itemId - b.item.itemId);
  return listed;
}

/** item/sort: stores the user's drag order ({item_id: position}) for one list group. */
export async function saveItemOrder(db: DbOrTx, uid: number, groupId: number, order: Record<string, number>, now: number): Promise<void> {
  await db
    .insert(itemSort)
    .values({ uid, itemGroupId: groupId, itemSortData: order, addtime: now })
    .onConflictDoUpdate({ target: [itemSort.uid, itemSort.itemGroupId], set: { itemSortData: order, addtime: now } });
}
