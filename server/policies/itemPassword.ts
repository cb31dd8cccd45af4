// Private items: the visit password is stored as an argon2id hash. A proven password is
// remembered as a signed grant in an HttpOnly cookie, bound to the current password hash,
// so changing the password invalidates every grant at once. ShowDoc clients may instead send
// the plaintext as _item_pwd with each request (verified results are cached briefly).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { LRUCache } from 'lru-cache';
import type { ItemRow } from './itemAccess';

export const GRANT_COOKIE = 'item_grants';
const MAX_GRANTS = 40;

export async function hashItemPassword(password: string): Promise<string> {
  return password === '' ? '' : hashPassword(password);
}

const verified = new LRUCache<string, boolean>({ max: 5000, ttl: 10 * 60_000 });

export async function itemPasswordMatches(item: ItemRow, password: string): Promise<boolean> {
  if (!item.password || !password) return false;
  const key = `${item.itemId}:${item.password}:${createHash('sha256').update(password).digest('hex')}`;
  const hit = verified.get(key);
  if (hit !== undefined) return hit;
  // only argon2 hashes count here (verifyPassword refuses anything else it cannot parse)
  const ok = item.password.startsWith('$argon2') && (await verifyPassword(password, item.password)).ok;
  verified.set(key, ok);
  return ok;
}

function sign(secret: string, item: ItemRow): string {
  return createHmac('sha256', secret).update(`${item.itemId}:${item.password}`).digest('base64url').slice(0, 22);
}

export function grantValid(cookie: string | undefined, item: ItemRow, secret: string): boolean {
  if (!cookie || !item.password) return false;
  const want = Buffer.from(sign(secret, item));
  for (const part of cookie.split('.')) {
    const [id, sig] = part.split('~');
    if (Number(id) !== item.itemId || !sig) continue;
    const got = Buffer.from(sig);
    if (got.length === want.length && timingSafeEqual(got, want)) return true;
  }
  return false;
}

/** The cookie value with a grant for this item added (newest first, bounded). */
export function withGrant(cookie: string | undefined, item: ItemRow, secret: string): string {
  const others = (cookie ?? '')
    .split('.')
    .filter((p) => /^\d+~[\w-]+$/.test(p) && Number(p.split('~')[0]) !== item.itemId);
  return [`${item.itemId}~${sign(secret, item)}`, ...others].slice(0, MAX_GRANTS).join('.');
}
