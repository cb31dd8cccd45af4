// Counters in the database (shared by every node, surviving restarts): login failures per account
// and per IP, and fixed-window rate limits for login, register, captcha and password reset.
import type { DbOrTx } from '../db/client';
import * as throttleRepo from '../db/repos/throttles';
import { tooManyRequests } from '../errors';

export interface Hit {
  count: number;
  resetAt: number;
}

/** Adds one to the window's counter and returns it (atomic upsert). */
export function hit(db: DbOrTx, key: string, windowSeconds: number, now: number): Promise<Hit> {
  return throttleRepo.increment(db, key, windowSeconds, now);
}

export async function peek(db: DbOrTx, key: string, now: number): Promise<number> {
  const row = await throttleRepo.find(db, key);
  if (!row || row.resetAt <= now) return 0;
  return row.count;
}

/** The window's counter and when it ends; null when there is none (or it ended). */
export async function peekHit(db: DbOrTx, key: string, now: number): Promise<Hit | null> {
  const row = await throttleRepo.find(db, key);
  return row && row.resetAt > now ? { count: row.count, resetAt: row.resetAt } : null;
}

export async function reset(db: DbOrTx, key: string): Promise<void> {
  await throttleRepo.remove(db, key);
}

export interface Limit {
  /** short name, part of the key */
  name: string;
  max: number;
  windowSeconds: number;
}

/** Counts one request against a limit; over it → 10429 with the wait time. */
export async function enforce(db: DbOrTx, limit: Limit, subject: string, now: number): Promise<void> {
  const h = await hit(db, `rl:${limit.name}:${subject}`, limit.windowSeconds, now);
  if (h.count > limit.max) {
    throw tooManyRequests(h.resetAt - now);
  }
}

export const LIMITS = {
  loginPerIp: { name: 'login-ip', max: 60, windowSeconds: 300 },
  loginPerAccount: { name: 'login-acct', max: 20, windowSeconds: 300 },
  registerPerIp: { name: 'register-ip', max: 20, windowSeconds: 3600 },
  /** accounts from one address a day, counted once the captcha is solved (a solved captcha is no limit) */
  accountsPerIp: { name: 'accounts-ip', max: 20, windowSeconds: 86400 },
  captchaPerIp: { name: 'captcha-ip', max: 120, windowSeconds: 60 },
  resetPerIp: { name: 'reset-ip', max: 10, windowSeconds: 3600 },
  resetPerAccount: { name: 'reset-acct', max: 5, windowSeconds: 3600 },
  /** item/pwd attempts per IP; wrong _item_pwd values count here too (policies/itemPasswordAttempts.ts) */
  itemPasswordPerIp: { name: 'itempwd-ip', max: 60, windowSeconds: 300 },
  openApiPerKey: { name: 'open-key', max: 600, windowSeconds: 60 },
  /** files stored per user (page/upload, uploadImg and their attachment aliases) */
  uploadPerUser: { name: 'upload-user', max: 300, windowSeconds: 600 },
} satisfies Record<string, Limit>;
