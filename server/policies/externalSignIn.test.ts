import { describe, expect, it } from 'vitest';
import { maySignInByLink } from './externalSignIn';

describe('sign-in links from another system', () => {
  it('open an ordinary account', () => {
    expect(maySignInByLink({ groupid: 2 })).toBe(true);
  });
  it('never open an administrator account', () => {
    expect(maySignInByLink({ groupid: 1 })).toBe(false);
  });
});
