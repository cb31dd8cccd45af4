// Login tokens: 256 random bits, only their sha256 stored, expiring after a sliding number of idle
// days (the admin setting), revoked on logout/password change.
import { hash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import * as tokenRepo from '../db/repos/tokens';
import type { SessionUserRow } from '../db/repos/tokens';
import type { SessionUser } from './sessionUser';

// crypto.hash: one call, a third of createHash().update().digest()'s time (every request hashes its token)
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** `ttlDays`: the site's token lifetime (auth/session.ts tokenLifetimeDays). */
export async function issueToken(db: DbOrTx, uid: number, now: number, ttlDays: number, ip: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await tokenRepo.insert(db, { uid, tokenHash: hashToken(token), expiresAt: now + ttlDays * 86400, now, ip: ip.slice(0, 64) });
  return token;
}

/** The session's view of a user row (any row with these columns). */
export function toSessionUser(u: SessionUserRow): SessionUser {
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

export interface TokenSession {
  user: SessionUser;
  /** when the token stops working unless used again */
  expiresAt: number;
  lastUsedAt: number;
}

export const isTokenShaped = (token: string) => /^[0-9a-zA-Z]{16,256}$/.test(token);

/**
 * The session of a token, or null when unknown or expired. `ttlSeconds`: the current lifetime
 * setting — a token unused for longer is expired even if it was given a longer one when last used.
 */
export async function lookupToken(db: DbOrTx, token: string, now: number, ttlSeconds = Infinity): Promise<TokenSession | null> {
  if (!isTokenShaped(token)) return null;
  return lookupTokenHash(db, hashToken(token), now, ttlSeconds);
}

export async function lookupTokenHash(db: DbOrTx, tokenHash: string, now: number, ttlSeconds = Infinity): Promise<TokenSession | null> {
  const row = await tokenRepo.findLiveWithUser(db, tokenHash, now);
  if (!row) return null;
  const { expiresAt, lastUsedAt } = row;
  const effective = Math.min(expiresAt, lastUsedAt + ttlSeconds);
  if (effective <= now) return null;
  return { user: toSessionUser(row.user), expiresAt: effective, lastUsedAt };
}

/** Slides a token's expiry to now + ttl, unless another request (or process) did since `usedBefore`. */
export async function renewToken(db: DbOrTx, tokenHash: string, now: number, ttlSeconds: number, usedBefore: number): Promise<boolean> {
  return tokenRepo.renew(db, tokenHash, now, now + ttlSeconds, usedBefore);
}

export async function revokeToken(db: DbOrTx, token: string): Promise<void> {
  await tokenRepo.deleteByHash(db, hashToken(token));
}

export async function revokeAllTokens(db: DbOrTx, uid: number): Promise<void> {
  await tokenRepo.deleteAllOfUser(db, uid);
}
