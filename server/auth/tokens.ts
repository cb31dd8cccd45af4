// Login tokens: 256 random bits, only their sha256 stored, expiring, revoked on logout/password change.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { userTokens, users } from '../db/schema';
import type { SessionUser } from '../http/action';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: DbOrTx, uid: number, now: number, ttlDays: number, ip: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.delete(userTokens).where(and(eq(userTokens.uid, uid), lt(userTokens.expiresAt, now)));
  await db.insert(userTokens).values({ uid, tokenHash: hashToken(token), expiresAt: now + ttlDays * 86400, addtime: now, ip: ip.slice(0, 64) });
  return token;
}

export function toSessionUser(u: typeof users.$inferSelect): SessionUser {
  return {
    uid: u.uid,
    username: u.username,
    name: u.name,
    email: u.email,
    emailVerify: u.emailVerify,
    groupid: u.groupid,
    isAdmin: u.groupid === 1,
  };
}

export async function lookupToken(db: DbOrTx, token: string, now: number): Promise<{ user: SessionUser; expiresAt: number } | null> {
  if (!/^[0-9a-zA-Z]{16,256}$/.test(token)) return null;
  const rows = await db
    .select({ user: users, expiresAt: userTokens.expiresAt })
    .from(userTokens)
    .innerJoin(users, eq(users.uid, userTokens.uid))
    .where(and(eq(userTokens.tokenHash, hashToken(token)), gt(userTokens.expiresAt, now)))
    .limit(1);
  if (!rows.length) return null;
  return { user: toSessionUser(rows[0].user), expiresAt: rows[0].expiresAt };
}

export async function revokeToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.tokenHash, hashToken(token)));
}

export async function revokeAllTokens(db: DbOrTx, uid: number): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.uid, uid));
}
