import { describe, expect, it } from 'vitest';
import { emailStatus } from './emailStatus';

describe('email status', () => {
  it('is unbound, unverified or verified (email_verify > 0)', () => {
    expect(emailStatus(undefined)).toBe('unbound');
    expect(emailStatus({ email: '' })).toBe('unbound');
    expect(emailStatus({ email: 'a@b.c', email_verify: 0 })).toBe('unverified');
    expect(emailStatus({ email: 'a@b.c', email_verify: '0' })).toBe('unverified');
    expect(emailStatus({ email: 'a@b.c', email_verify: '1' })).toBe('verified');
    expect(emailStatus({ email: 'a@b.c', email_verify: 2 })).toBe('verified');
  });
});
