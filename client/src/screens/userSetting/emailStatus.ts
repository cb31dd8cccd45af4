import type { UserInfo } from '../../api/types';

export type EmailStatus = 'unbound' | 'unverified' | 'verified';

/** Spec §4: no email → unbound; email_verify > 0 → verified; else unverified. */
export function emailStatus(u: Pick<UserInfo, 'email' | 'email_verify'> | undefined): EmailStatus {
  if (!u?.email) return 'unbound';
  return Number(u.email_verify ?? 0) > 0 || u.email_verify === true ? 'verified' : 'unverified';
}
