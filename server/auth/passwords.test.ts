import { describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { fastHashRequested, hashPassword, verifyPassword } from './passwords';

describe('auth/passwords', () => {
  it('the light test cost needs QUIRE_TEST_FAST_HASH=1: NODE_ENV=test alone no longer weakens hashing', () => {
    expect(fastHashRequested({ QUIRE_TEST_FAST_HASH: '1' })).toBe(true);
    expect(fastHashRequested({ NODE_ENV: 'test' })).toBe(false);
    expect(fastHashRequested({ QUIRE_TEST_FAST_HASH: 'true' })).toBe(false);
  });

  it('hashes with argon2id and verifies whatever the cost', async () => {
    const hash = await hashPassword('a-long-passphrase');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect((await verifyPassword('a-long-passphrase', hash)).ok).toBe(true);
    expect((await verifyPassword('another-passphrase', hash)).ok).toBe(false);
  });
});

describe('ShowDoc bcrypt hashes (newer back end: PHP password_hash, salt column empty)', () => {
  // php.net's password_verify example: PHP's own $2y$ output for 'rasmuslerdorf'
  const PHP_HASH = '$2y$07$BCryptRequires22Chrcte/VlQH0piJtjXl.0t1XkA8pw9dMXTpOq';

  it("verifies PHP's $2y$ hash and asks for the argon2id upgrade", async () => {
    expect(await verifyPassword('rasmuslerdorf', PHP_HASH)).toEqual({ ok: true, needsUpgrade: true });
    expect(await verifyPassword('rasmuslerdorF', PHP_HASH)).toEqual({ ok: false, needsUpgrade: false });
    expect(await verifyPassword('', PHP_HASH)).toEqual({ ok: false, needsUpgrade: false });
  });

  it('$2y$, $2a$ and $2b$ are the same algorithm: each prefix verifies the same hash', async () => {
    const b = bcrypt.hashSync('secret', 4);
    expect(b.startsWith('$2b$04$')).toBe(true);
    for (const prefix of ['$2y$', '$2a$', '$2b$']) {
      const stored = prefix + b.slice(4);
      expect(await verifyPassword('secret', stored), prefix).toEqual({ ok: true, needsUpgrade: true });
      expect(await verifyPassword('Secret', stored), prefix).toEqual({ ok: false, needsUpgrade: false });
      expect(await verifyPassword('secret ', stored), prefix).toEqual({ ok: false, needsUpgrade: false });
    }
  });

  it('a salt beside a bcrypt hash is ignored (ShowDoc empties the column; the salt lives in the hash)', async () => {
    const stored = '$2y$' + bcrypt.hashSync('secret', 4).slice(4);
    expect((await verifyPassword('secret', stored, 'f'.repeat(32))).ok).toBe(true);
  });

  it('a cost above 14 is never verified (each attempt would burn seconds to minutes of CPU)', async () => {
    const good = '$2y$' + bcrypt.hashSync('secret', 4).slice(4);
    const costly = good.replace('$04$', '$31$');
    // refused by its shape, before any hashing: 2^31 rounds would run for hours, past the test's timeout
    expect(await verifyPassword('secret', costly)).toEqual({ ok: false, needsUpgrade: false });
  });

  it('malformed or other crypt hashes never verify', async () => {
    const good = '$2y$' + bcrypt.hashSync('secret', 4).slice(4);
    for (const stored of [good.slice(0, -1), good + 'x', '$2x$' + good.slice(4), '$2$' + good.slice(4), '$1$abc$def', good.replace('$04$', '$4$')]) {
      expect(await verifyPassword('secret', stored), stored).toEqual({ ok: false, needsUpgrade: false });
    }
  });
});
