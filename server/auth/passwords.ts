// Login passwords: argon2id. ShowDoc's legacy hashes are verified and upgraded on the next login:
//   md5( base64( md5hex(password) ) + "576hbgh6" + salt )   (classic ShowDoc)
//   bcrypt $2y$ from PHP's password_hash, salt column empty  (newer ShowDoc back ends)
import argon2 from 'argon2';
import bcrypt from 'bcryptjs';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

export function legacyShowdocHash(password: string, salt: string): string {
  return md5(Buffer.from(md5(password), 'utf8').toString('base64') + '576hbgh6' + salt);
}

export const isArgon2Hash = (stored: string) => stored.startsWith('$argon2');

/** PHP writes $2y$, other tools $2a$/$2b$: the same algorithm (bcryptjs reads all three). */
// costs 04–14 only: PHP's default is 10; a higher cost in an imported database would make each
// login attempt on that account take seconds to minutes of CPU (a cheap denial of service)
const BCRYPT_HASH = /^\$2[aby]\$(?:0[4-9]|1[0-4])\$[./A-Za-z0-9]{53}$/;

/**
 * Test runs hash thousands of passwords on small CI machines: QUIRE_TEST_FAST_HASH=1 gives a
 * lighter (still argon2id) cost. A test-only switch (DESIGN §9): config.ts refuses it when
 * NODE_ENV=production and main.ts warns at start; it is ignored in production here as well.
 * Verification reads the cost from the stored hash, so both kinds always verify.
 */
export const FAST_HASH_VAR = 'QUIRE_TEST_FAST_HASH';

export const fastHashRequested = (env: NodeJS.ProcessEnv): boolean => env[FAST_HASH_VAR] === '1';

const COST = fastHashRequested(process.env) && process.env.NODE_ENV !== 'production' ? { memoryCost: 4096, timeCost: 2, parallelism: 1 } : {};

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...COST });
}

export interface VerifyResult {
  ok: boolean;
  /** true when the stored hash is legacy and should be replaced by argon2id */
  needsUpgrade: boolean;
}

export async function verifyPassword(password: string, stored: string, salt = ''): Promise<VerifyResult> {
  if (!stored) return { ok: false, needsUpgrade: false };
  if (isArgon2Hash(stored)) {
    try {
      return { ok: await argon2.verify(stored, password), needsUpgrade: false };
    } catch {
      return { ok: false, needsUpgrade: false };
    }
  }
  if (/^[0-9a-f]{32}$/.test(stored)) {
    const a = Buffer.from(legacyShowdocHash(password, salt));
    const b = Buffer.from(stored);
    const ok = a.length === b.length && timingSafeEqual(a, b);
    return { ok, needsUpgrade: ok };
  }
  if (BCRYPT_HASH.test(stored)) {
    const ok = await bcrypt.compare(password, stored);
    return { ok, needsUpgrade: ok };
  }
  return { ok: false, needsUpgrade: false };
}

/** A password nobody can type (LDAP-provisioned accounts). */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('hex'));
}
