import { describe, expect, it } from 'vitest';
import { mayLinkByEmail } from './sso';

const member = { groupid: 2, status: 'active', emailVerify: 1_700_000_000 };

describe('mayLinkByEmail', () => {
  it('an active member whose address was confirmed here, when the provider confirmed it too', () => {
    expect(mayLinkByEmail(member, true)).toBe(true);
  });

  it('never an administrator, an unconfirmed address, an inactive account, or an address the provider did not confirm', () => {
    expect(mayLinkByEmail({ ...member, groupid: 1 }, true)).toBe(false);
    expect(mayLinkByEmail({ ...member, emailVerify: 0 }, true)).toBe(false);
    expect(mayLinkByEmail({ ...member, status: 'pending' }, true)).toBe(false);
    expect(mayLinkByEmail({ ...member, status: 'unconfirmed' }, true)).toBe(false);
    expect(mayLinkByEmail(member, false)).toBe(false);
  });
});
