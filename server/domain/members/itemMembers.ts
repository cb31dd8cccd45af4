// Personal members of an item (item_members): list, add several at once, remove.
// Adding writes the rows and their notices in one transaction; removal announces the lost
// access ('item.accessChanged') so live sockets are dropped, and the next request is refused
// because the policies read memberships from the database on every request.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { itemMembers, notices, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import type { ItemRow } from '../../policies/itemAccess';
import { insertNotices, publishNotices } from '../notices/create';
import { memberAddedNotice, type Actor } from '../notices/membership';
import type { CatalogLimit } from './catalogLimit';
import { resolveUsers, splitNames } from './usernames';

export type ItemMemberRow = typeof itemMembers.$inferSelect;
export type ItemMemberListRow = ItemMemberRow & { name: string };

export async function listItemMembers(deps: AppDeps, itemId: number): Promise<ItemMemberListRow[]> {
  const rows = await deps.db
    .select({ m: itemMembers, name: users.name })
    .from(itemMembers)
    .leftJoin(users, eq(users.uid, itemMembers.uid))
    .where(eq(itemMembers.itemId, itemId))
    .orderBy(asc(itemMembers.addtime), asc(itemMembers.itemMemberId));
  return rows.map((r) => ({ ...r.m, name: r.name ?? '' }));
}

export interface AddMembersInput {
  item: ItemRow;
  usernames: string;
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
    const existing = candidates.length
      ? await tx
          .select({ uid: itemMembers.uid })
          .from(itemMembers)
          .where(and(eq(itemMembers.itemId, input.item.itemId), inArray(itemMembers.uid, candidates.map((u) => u.uid))))
      : [];
    const taken = new Set(existing.map((e) => e.uid));
    const fresh = candidates.filter((u) => !taken.has(u.uid));
    if (!fresh.length) return { rows: [] as ItemMemberRow[], created: [] };
    const rows = await tx
      .insert(itemMembers)
      .values(
        fresh.map((u) => ({
          itemId: input.item.itemId,
          uid: u.uid,
          username: u.username,
          memberGroupId: input.group,
          catId: input.limit.catId,
          catIds: input.limit.catIds,
          addtime: now,
        })),
      )
      .onConflictDoNothing()
      .returning();
    // removing and re-adding someone does not pile up notices: one unread per item is enough
    const unread = rows.length
      ? await tx
          .select({ uid: notices.toUid })
          .from(notices)
          .where(
            and(
              inArray(notices.toUid, rows.map((r) => r.uid)),
              eq(notices.noticeType, 'member_added'),
              eq(notices.objectType, 'item'),
              eq(notices.objectId, input.item.itemId),
              eq(notices.isRead, 0),
            ),
          )
      : [];
    const told = new Set(unread.map((n) => n.uid));
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
  const [row] = await deps.db
    .select()
    .from(itemMembers)
    .where(and(eq(itemMembers.itemId, itemId), eq(itemMembers.itemMemberId, itemMemberId)))
    .limit(1);
  return row;
}

export async function removeItemMember(deps: AppDeps, row: ItemMemberRow): Promise<void> {
  await deps.db.delete(itemMembers).where(eq(itemMembers.itemMemberId, row.itemMemberId));
  deps.events.emit('item.accessChanged', { itemId: row.itemId, uids: [row.uid] });
}
