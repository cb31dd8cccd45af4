// Login tokens (user_tokens): only their sha256 is stored. The session lookup runs on every
// request that misses the session cache: one statement, and only the user columns a session
// needs (never the password hash).
import { and, eq, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { userTokens, users } from '../schema';
import { deleteExpired as deleteExpiredRows, unexpired } from './expiry';

export interface NewToken {
  uid: number;
  tokenHash: string;
  expiresAt: number;
  now: number;
  ip: string;
}

/** Stores a new token; the user's expired ones go on the way. */
export async function insert(db: DbOrTx, t: NewToken): Promise<void> {
  await db.delete(userTokens).where(and(eq(userTokens.uid, t.uid), lt(userTokens.expiresAt, t.now)));
  await db.insert(userTokens).values({ uid: t.uid, tokenHash: t.tokenHash, expiresAt: t.expiresAt, addtime: t.now, lastUsedAt: t.now, ip: t.ip });
}

/** the user columns a session carries */
const sessionUserColumns = {
  uid: users.uid,
  username: users.username,
  name: users.name,
  email: users.email,
  emailVerify: users.emailVerify,
  groupid: users.groupid,
};

export interface SessionUserRow {
  uid: number;
  username: string;
  name: string;
  email: string;
  emailVerify: number;
  groupid: number;
}

export interface TokenRow {
  user: SessionUserRow;
  expiresAt: number;
  lastUsedAt: number;
}

/** The unexpired token with this hash and its user, in one statement. */
export async function findLiveWithUser(db: DbOrTx, tokenHash: string, now: number): Promise<TokenRow | undefined> {
  const [row] = await db
    .select({ user: sessionUserColumns, expiresAt: userTokens.expiresAt, lastUsedAt: userTokens.lastUsedAt })
    .from(userTokens)
    .innerJoin(users, eq(users.uid, userTokens.uid))
    .where(and(eq(userTokens.tokenHash, tokenHash), unexpired(userTokens, now)))
    .limit(1);
  return row;
}

/** Slides a token's expiry, unless it was used after `usedBefore` (another request renewed it); whether it did. */
export async function renew(db: DbOrTx, tokenHash: string, now: number, expiresAt: number, usedBefore: number): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ lastUsedAt: now, expiresAt })
    .where(and(eq(userTokens.tokenHash, tokenHash), lte(userTokens.lastUsedAt, usedBefore)))
    .returning({ id: userTokens.id });
  return rows.length > 0;
}

export async function deleteByHash(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.tokenHash, tokenHash));
}

export async function deleteAllOfUser(db: DbOrTx, uid: number): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.uid, uid));
}

export function deleteExpired(db: DbOrTx, now: number): Promise<void> {
  return deleteExpiredRows(db, userTokens, now);
}
