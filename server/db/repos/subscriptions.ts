// Who watches what (ShowDoc's subscription table): object 'page', action 'update'.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { subscriptions, users } from '../schema';
import { deleteAny } from './rows';
import { executeNamed } from '../prepared';

export interface Watched {
  objectType: string;
  objectId: number;
  actionType: string;
}

/** watching a page's changes (ShowDoc's object 'page', action 'update') */
export const PAGE_UPDATES = { objectType: 'page', actionType: 'update' } as const;

const of = (w: Watched) => and(eq(subscriptions.objectType, w.objectType), eq(subscriptions.objectId, w.objectId), eq(subscriptions.actionType, w.actionType));

/** Adds the watchers (again: nothing changes). */
export async function add(db: DbOrTx, w: Watched, uids: number[], now: number): Promise<void> {
  if (!uids.length) return;
  await db
    .insert(subscriptions)
    .values(uids.map((uid) => ({ uid, ...w, subTime: now })))
    .onConflictDoNothing();
}

export function remove(db: DbOrTx, w: Watched, uids: number[]): Promise<boolean> {
  if (!uids.length) return Promise.resolve(false);
  return deleteAny(db, subscriptions, and(of(w), inArray(subscriptions.uid, uids)));
}

/** Who watches it (asked on every page save: a named statement, planned once per connection). */
export async function watcherUids(db: DbOrTx, w: Watched): Promise<number[]> {
  const rows = await executeNamed<{ uid: number }>(
    db,
    'watcher_uids',
    sql`select uid from subscriptions where object_type = ${w.objectType} and object_id = ${w.objectId} and action_type = ${w.actionType}`,
  );
  return rows.map((r) => Number(r.uid));
}

export type SubscriberRow = typeof subscriptions.$inferSelect & { username: string; name: string };

/** The watchers with their names, oldest subscription first (`uid`: only that user's row). */
export async function watchers(db: DbOrTx, w: Watched, uid?: number): Promise<SubscriberRow[]> {
  const rows = await db
    .select({ s: subscriptions, username: users.username, name: users.name })
    .from(subscriptions)
    .leftJoin(users, eq(users.uid, subscriptions.uid))
    .where(uid === undefined ? of(w) : and(of(w), eq(subscriptions.uid, uid)))
    .orderBy(asc(subscriptions.id));
  return rows.map((r) => ({ ...r.s, username: r.username ?? '', name: r.name ?? '' }));
}
