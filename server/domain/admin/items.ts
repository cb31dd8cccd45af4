// Admin console, items: search by name and owner, transfer (no owner password), soft delete, recover.
import type { AppDeps } from '../../deps';
import * as adminItemRepo from '../../db/repos/adminItems';
import type { ItemRow, ListedItem } from '../../db/repos/adminItems';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { findUserByName } from '../accounts';
import type { Paging } from './users';

export type { ListedItem } from '../../db/repos/adminItems';

export interface ItemSearch {
  itemName: string;
  username: string;
  /** 0 live items, 1 deleted items */
  isDel: 0 | 1;
}

export async function listItems(deps: AppDeps, q: ItemSearch, paging: Paging): Promise<{ total: number; items: ListedItem[] }> {
  const { total, rows } = await adminItemRepo.search(deps.db, { ...q, limit: paging.count, offset: (paging.page - 1) * paging.count });
  return { total, items: rows };
}

async function mustFindItem(deps: AppDeps, itemId: number, deleted: 0 | 1): Promise<ItemRow> {
  const it = itemId > 0 ? await adminItemRepo.findByState(deps.db, itemId, deleted) : undefined;
  if (!it) throw new ApiError(ErrorCode.GENERIC, 'Item not found or deleted');
  return it;
}

/** Soft delete (into the deleted-items list; recoverable by recoverItem). */
export async function deleteItem(deps: AppDeps, itemId: number): Promise<void> {
  await mustFindItem(deps, itemId, 0);
  await adminItemRepo.setDeleted(deps.db, itemId, 1, deps.now());
  deps.events.emit('item.changed', { itemId });
  deps.events.emit('item.accessChanged', { itemId });
}

export async function recoverItem(deps: AppDeps, itemId: number): Promise<void> {
  await mustFindItem(deps, itemId, 1);
  await adminItemRepo.setDeleted(deps.db, itemId, 0, 0);
  deps.events.emit('item.changed', { itemId });
  deps.events.emit('item.accessChanged', { itemId });
}

export interface Attorned {
  itemId: number;
  /** the new owner */
  uid: number;
  username: string;
}

/** Gives the item to another user (no owner password: administrators only). */
export async function attornItem(deps: AppDeps, itemId: number, username: string): Promise<Attorned> {
  if (!username) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'username' });
  const item = await mustFindItem(deps, itemId, 0);
  const to = await findUserByName(deps, username);
  if (!to) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User does not exist');
  if (to.uid === item.uid) throw new ApiError(ErrorCode.GENERIC, '{username} already owns this item', { username: to.username });
  const fromUid = item.uid;
  await deps.db.transaction(async (tx) => {
    if (!(await adminItemRepo.transfer(tx, itemId, fromUid, to, deps.now()))) {
      throw new ApiError(ErrorCode.GENERIC, 'The item changed meanwhile; reload and try again');
    }
  });
  deps.events.emit('item.attorned', { itemId, fromUid, toUid: to.uid });
  deps.events.emit('item.accessChanged', { itemId, uids: [fromUid, to.uid] });
  deps.events.emit('item.changed', { itemId });
  return { itemId, uid: to.uid, username: to.username };
}

/** For settings: does a live item with this id exist? */
export async function liveItemExists(deps: AppDeps, itemId: number): Promise<boolean> {
  if (itemId <= 0) return false;
  return adminItemRepo.liveExists(deps.db, itemId);
}
