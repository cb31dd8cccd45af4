// Admin console, items: search by name and owner, transfer (no owner password), soft delete, recover.
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { itemMembers, items, users } from '../../db/schema';
import { escapeLike } from '../../db/like';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { formatTime } from '../../presenters/time';
import { findUserByName } from '../accounts';
import type { Paging } from './users';

type ItemRow = typeof items.$inferSelect;

export interface AdminItemRow {
  item_id: number;
  item_name: string;
  item_description: string;
  item_domain: string;
  item_type: number;
  uid: number;
  username: string;
  /** the owner's display name */
  name: string;
  is_private: number;
  is_archived: number;
  is_del: number;
  addtime: string;
  del_time: string;
  member_num: number;
}

export interface ItemSearch {
  itemName: string;
  username: string;
  /** 0 live items, 1 deleted items */
  isDel: 0 | 1;
}

export async function listItems(deps: AppDeps, q: ItemSearch, paging: Paging): Promise<{ total: number; items: AdminItemRow[] }> {
  const conds: SQL[] = [eq(items.isDel, q.isDel)];
  if (q.itemName) conds.push(ilike(items.itemName, `%${escapeLike(q.itemName)}%`));
  if (q.username) conds.push(ilike(items.username, `%${escapeLike(q.username)}%`));
  const where = and(...conds);
  const [{ n }] = await deps.db.select({ n: count() }).from(items).where(where);
  const rows = await deps.db
    .select({ item: items, ownerName: users.name })
    .from(items)
    .leftJoin(users, eq(users.uid, items.uid))
    .where(where)
    .orderBy(desc(items.addtime), desc(items.itemId))
    .limit(paging.count)
    .offset((paging.page - 1) * paging.count);
  const ids = rows.map((r) => r.item.itemId);
  const members = ids.length
    ? await deps.db
        .select({ itemId: itemMembers.itemId, n: count() })
        .from(itemMembers)
        .where(inArray(itemMembers.itemId, ids))
        .groupBy(itemMembers.itemId)
    : [];
  const memberNum = new Map(members.map((m) => [m.itemId, Number(m.n)]));
  return {
    total: Number(n),
    items: rows.map(({ item, ownerName }) => ({
      item_id: item.itemId,
      item_name: item.itemName,
      item_description: item.itemDescription,
      item_domain: item.itemDomain,
      item_type: item.itemType,
      uid: item.uid,
      username: item.username,
      name: ownerName ?? '',
      is_private: item.password ? 1 : 0,
      is_archived: item.isArchived,
      is_del: item.isDel,
      addtime: formatTime(item.addtime),
      del_time: formatTime(item.delTime),
      member_num: memberNum.get(item.itemId) ?? 0,
    })),
  };
}

async function mustFindItem(deps: AppDeps, itemId: number, deleted: 0 | 1): Promise<ItemRow> {
  const [it] = itemId > 0 ? await deps.db.select().from(items).where(and(eq(items.itemId, itemId), eq(items.isDel, deleted))) : [];
  if (!it) throw new ApiError(ErrorCode.GENERIC, 'Item not found or deleted');
  return it;
}

/** Soft delete (into the deleted-items list; recoverable by recoverItem). */
export async function deleteItem(deps: AppDeps, itemId: number): Promise<void> {
  await mustFindItem(deps, itemId, 0);
  await deps.db.update(items).set({ isDel: 1, delTime: deps.now() }).where(eq(items.itemId, itemId));
  deps.events.emit('item.changed', { itemId });
  deps.events.emit('item.accessChanged', { itemId });
}

export async function recoverItem(deps: AppDeps, itemId: number): Promise<void> {
  await mustFindItem(deps, itemId, 1);
  await deps.db.update(items).set({ isDel: 0, delTime: 0 }).where(eq(items.itemId, itemId));
  deps.events.emit('item.changed', { itemId });
  deps.events.emit('item.accessChanged', { itemId });
}

/** Gives the item to another user (no owner password: administrators only). */
export async function attornItem(deps: AppDeps, itemId: number, username: string): Promise<{ item_id: number; uid: number; username: string }> {
  if (!username) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'username' });
  const item = await mustFindItem(deps, itemId, 0);
  const to = await findUserByName(deps, username);
  if (!to) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User does not exist');
  if (to.uid === item.uid) throw new ApiError(ErrorCode.GENERIC, '{username} already owns this item', { username: to.username });
  const fromUid = item.uid;
  await deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(items)
      .set({ uid: to.uid, username: to.username, lastUpdateTime: deps.now() })
      .where(and(eq(items.itemId, itemId), eq(items.uid, fromUid), eq(items.isDel, 0)))
      .returning({ itemId: items.itemId });
    if (!moved.length) throw new ApiError(ErrorCode.GENERIC, 'The item changed meanwhile; reload and try again');
    // the new owner's own membership row would only shadow their ownership
    await tx.delete(itemMembers).where(and(eq(itemMembers.itemId, itemId), eq(itemMembers.uid, to.uid)));
  });
  deps.events.emit('item.attorned', { itemId, fromUid, toUid: to.uid });
  deps.events.emit('item.accessChanged', { itemId, uids: [fromUid, to.uid] });
  deps.events.emit('item.changed', { itemId });
  return { item_id: itemId, uid: to.uid, username: to.username };
}

/** For settings: does a live item with this id exist? */
export async function liveItemExists(deps: AppDeps, itemId: number): Promise<boolean> {
  if (itemId <= 0) return false;
  const [r] = await deps.db.select({ one: sql<number>`1` }).from(items).where(and(eq(items.itemId, itemId), eq(items.isDel, 0)));
  return !!r;
}
