import { describe, expect, it } from 'vitest';
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
