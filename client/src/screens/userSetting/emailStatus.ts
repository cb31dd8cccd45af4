import type { Flag } from '../../api';

export type EmailStatus = 'unbound' | 'unverified' | 'verified';

/** Spec §4: no email → unbound; email_verify > 0 → verified; else unverified. */
export function emailStatus(u: { email?: string; email_verify?: Flag } | undefined): EmailStatus {
  if (!u?.email) return 'unbound';
  return Number(u.email_verify ?? 0) > 0 || u.email_verify === true ? 'verified' : 'unverified';
}
