// Personal members of an item (item_members): list, add several at once, remove.
// Adding writes the rows and their notices in one transaction; removal announces the lost
// access ('item.accessChanged') so live sockets are dropped, and the next request is refused
// because the policies read memberships from the database on every request.
import type { AppDeps } from '../../deps';
import * as memberRepo from '../../db/repos/members';
import type { ItemMemberListRow, ItemMemberRow } from '../../db/repos/members';
import type { ItemRow } from '../../db/repos/items';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { insertNotices, publishNotices } from '../notices/create';
import { memberAddedNotice, type Actor } from '../notices/membership';
import type { CatalogLimit } from './catalogLimit';
import { resolveUsers, splitNames } from './usernames';

export type { ItemMemberListRow, ItemMemberRow };

export function listItemMembers(deps: AppDeps, itemId: number): Promise<ItemMemberListRow[]> {
  return memberRepo.listOfItem(deps.db, itemId);
}

export interface AddMembersInput {
  item: ItemRow;
  usernames: string;
  /** member group to give (0 read-only, 1 edit, 2 manage) */
  group: number;
  limit: CatalogLimit;
  actor: Actor;
}

/** Adds every named user not yet a member (unknown names refuse the whole request). Returns the new rows. */
export async function addItemMembers(deps: AppDeps, input: AddMembersInput): Promise<ItemMemberRow[]> {
  const names = splitNames(input.usernames, 'username');
  const found = await resolveUsers(deps.db, names);
  const missing = names.find((n) => !found.has(n));
  if (missing !== undefined) throw new ApiError(ErrorCode.USER_NOT_FOUND, 'User {username} does not exist', { username: missing });
  const candidates = [...new Map([...found.values()].map((u) => [u.uid, u])).values()].filter((u) => u.uid !== input.item.uid);
  const now = deps.now();
  const { rows, created } = await deps.db.transaction(async (tx) => {
    const taken = new Set(candidates.length ? await memberRepo.membersAmong(tx, input.item.itemId, candidates.map((u) => u.uid)) : []);
    const fresh = candidates.filter((u) => !taken.has(u.uid));
    if (!fresh.length) return { rows: [] as ItemMemberRow[], created: [] };
    const rows = await memberRepo.insertMembers(
      tx,
      fresh.map((u) => ({ itemId: input.item.itemId, uid: u.uid, username: u.username, memberGroupId: input.group, ...input.limit, addtime: now })),
    );
    // removing and re-adding someone does not pile up notices: one unread per item is enough
    const told = new Set(rows.length ? await memberRepo.unreadAddedNoticeAmong(tx, input.item.itemId, rows.map((r) => r.uid)) : []);
    const created = await insertNotices(
      tx,
      rows.filter((r) => !told.has(r.uid)).map((r) => memberAddedNotice(r.uid, input.actor, input.item, input.group)),
      now,
    );
    return { rows, created };
  });
  if (!rows.length) {
    throw new ApiError(ErrorCode.GENERIC, 'Nothing was added: these users are already members or the creator of this item');
  }
  // cached grants of the item ("not a member") are out of date
  deps.events.emit('reads.stale', { itemIds: [input.item.itemId] });
  publishNotices(deps, created);
  return rows;
}

export async function findItemMember(deps: AppDeps, itemId: number, itemMemberId: number): Promise<ItemMemberRow | undefined> {
  if (itemMemberId <= 0) return undefined;
  return memberRepo.findInItem(deps.db, itemId, itemMemberId);
}

/** Changes a member's authority in place; `limit`, when given, replaces the catalog limit (managers have none: the policies decide). */
export async function changeItemMemberGroup(deps: AppDeps, row: ItemMemberRow, group: number, limit?: CatalogLimit): Promise<ItemMemberRow> {
  const updated = await memberRepo.updateGroup(deps.db, row.itemMemberId, group, limit);
  // open editors and sockets of this member re-check what they may do
  deps.events.emit('item.accessChanged', { itemId: row.itemId, uids: [row.uid] });
  return updated ?? row;
}

export async function removeItemMember(deps: AppDeps, row: ItemMemberRow): Promise<void> {
  await memberRepo.deleteById(deps.db, row.itemMemberId);
  deps.events.emit('item.accessChanged', { itemId: row.itemId, uids: [row.uid] });
}
