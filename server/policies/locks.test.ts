import { describe, expect, it } from 'vitest';
import { canReleaseLock, decideLock, liveLock, lockRuleFor, mayWrite, type LockSeen } from './locks';

const NOW = 1_000_000;
const ann = { uid: 1 };
const bob = { uid: 2 };
const lock = (mode: string, uid = ann.uid, lockTo = NOW + 60): LockSeen => ({ lockUid: uid, lockUsername: uid === ann.uid ? 'ann' : 'bob', lockTo, mode });

describe('policies/locks', () => {
  it('an expired lock is no lock: anybody takes it, in the mode they ask for', () => {
    const expired = lock('exclusive', ann.uid, NOW);
    expect(liveLock(expired, NOW)).toBeUndefined();
    expect(liveLock(lock('http'), NOW)).toBeDefined();
    for (const writer of ['http', 'session', 'exclusive'] as const) {
      expect(decideLock(expired, bob, writer, NOW)).toEqual({ outcome: 'take', mode: writer });
      expect(decideLock(undefined, bob, writer, NOW)).toEqual({ outcome: 'take', mode: writer });
    }
    expect(mayWrite(expired, bob, NOW)).toEqual({ allowed: true });
  });

  it('a lock never restrains its holder; an HTTP heartbeat keeps a live mode, a live editor keeps "lock editing"', () => {
    expect(decideLock(lock('http'), ann, 'http', NOW)).toEqual({ outcome: 'take', mode: 'http' });
    expect(decideLock(lock('session'), ann, 'http', NOW)).toEqual({ outcome: 'take', mode: 'session' });
    expect(decideLock(lock('exclusive'), ann, 'http', NOW)).toEqual({ outcome: 'take', mode: 'exclusive' });
    expect(decideLock(lock('http'), ann, 'session', NOW)).toEqual({ outcome: 'take', mode: 'session' });
    expect(decideLock(lock('exclusive'), ann, 'session', NOW)).toEqual({ outcome: 'take', mode: 'exclusive' });
    expect(decideLock(lock('session'), ann, 'exclusive', NOW)).toEqual({ outcome: 'take', mode: 'exclusive' });
    for (const mode of ['http', 'session', 'exclusive']) expect(mayWrite(lock(mode), ann, NOW)).toEqual({ allowed: true });
  });

  it("another user's session is shared by live editors and taken over by \"lock editing\", but refuses an HTTP lock", () => {
    const session = lock('session');
    expect(decideLock(session, bob, 'session', NOW)).toEqual({ outcome: 'join', holder: 'ann' });
    expect(decideLock(session, bob, 'exclusive', NOW)).toEqual({ outcome: 'take', mode: 'exclusive' });
    expect(decideLock(session, bob, 'http', NOW)).toEqual({ outcome: 'refuse', holder: 'ann', mode: 'session' });
    // writes under a session are merged into the live document
    expect(mayWrite(session, bob, NOW)).toEqual({ allowed: true });
  });

  it("another user's HTTP or exclusive lock refuses every writer, naming the holder", () => {
    for (const mode of ['http', 'exclusive', 'something-else']) {
      for (const writer of ['http', 'session', 'exclusive'] as const) {
        expect(decideLock(lock(mode), bob, writer, NOW)).toEqual({ outcome: 'refuse', holder: 'ann', mode: mode === 'exclusive' ? 'exclusive' : 'http' });
      }
      expect(mayWrite(lock(mode), bob, NOW)).toEqual({ allowed: false, holder: 'ann' });
    }
  });

  it('only the holder releases: an HTTP client its HTTP lock, a live editor their "lock editing"', () => {
    expect(canReleaseLock(lock('http'), ann, 'http')).toBe(true);
    expect(canReleaseLock(lock('http'), bob, 'http')).toBe(false);
    expect(canReleaseLock(lock('session'), ann, 'http')).toBe(false);
    expect(canReleaseLock(lock('exclusive'), ann, 'http')).toBe(false);
    expect(canReleaseLock(undefined, ann, 'http')).toBe(false);
    expect(canReleaseLock(lock('exclusive'), ann, 'exclusive')).toBe(true);
    expect(canReleaseLock(lock('exclusive'), bob, 'exclusive')).toBe(false);
  });

  it('lockRuleFor binds the same answers to one viewer and writer', () => {
    const rule = lockRuleFor(bob, 'session');
    expect(rule.uid).toBe(bob.uid);
    expect(rule.take(lock('session'), NOW)).toEqual({ outcome: 'join', holder: 'ann' });
    expect(rule.write(lock('exclusive'), NOW)).toEqual({ allowed: false, holder: 'ann' });
    expect(rule.release(lock('session', bob.uid))).toBe(false);
    expect(lockRuleFor(ann, 'http').release(lock('http'))).toBe(true);
  });
});
