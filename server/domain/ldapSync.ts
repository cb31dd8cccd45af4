// LDAP user sync (adminSetting/syncLdapUsers, #23), as ShowDoc's saveLdapConfig does it: every
// person the directory lists gets a local account (source 'ldap', no usable local password), and
// the display names of directory accounts follow the directory. A local account that already has
// the name (an administrator above all) is left as it is — the directory never takes one over,
// the same rule as at login (accounts.ts).
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { ldapListUsers } from '../auth/ldap';
import { createUser, findUserByName, updateName, validateUsername } from './accounts';
import { normalizeUsername } from './accountNames';
import type { LdapSyncReport } from '../../shared/api/ldapSync';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function syncLdapUsers(deps: AppDeps): Promise<LdapSyncReport> {
  const s = await deps.settings.get();
  if (!s.ldap_open) throw new ApiError(ErrorCode.GENERIC, 'LDAP is switched off: switch it on and save the LDAP settings first');
  if (!s.ldap_form.host) throw new ApiError(ErrorCode.GENERIC, 'LDAP host is required');
  if (!s.ldap_form.base_dn) throw new ApiError(ErrorCode.GENERIC, 'LDAP base DN is required');
  let people;
  try {
    people = await ldapListUsers(s.ldap_form);
  } catch (e) {
    throw new ApiError(ErrorCode.GENERIC, 'Cannot connect to the LDAP server: {reason}', { reason: ((e as Error)?.message ?? String(e)).slice(0, 200) });
  }
  const report: LdapSyncReport = { total: people.length, created: 0, updated: 0, unchanged: 0, skipped: 0, skipped_names: [] };
  const skip = (name: string) => {
    report.skipped++;
    if (report.skipped_names.length < 50) report.skipped_names.push(name.slice(0, 100));
  };
  for (const person of people) {
    const username = normalizeUsername(person.username);
    const name = person.name.slice(0, 50);
    try {
      validateUsername(username);
    } catch {
      skip(person.username);
      continue;
    }
    const existing = await findUserByName(deps, username);
    if (existing) {
      if (existing.source !== 'ldap' || existing.groupid === 1) skip(person.username);
      else if (name && existing.name !== name) {
        await updateName(deps, existing.uid, name);
        report.updated++;
      } else report.unchanged++;
    } else {
      try {
        await createUser(deps, { username, password: '', name, email: person.email.length <= 254 && EMAIL_RE.test(person.email) ? person.email : '', source: 'ldap', groupid: 2 });
        report.created++;
      } catch {
        // a name that looks like an existing one, or created at this moment by a login
        skip(person.username);
      }
    }
    // the embedded database serves one query at a time: let other requests in between accounts
    await new Promise((r) => setImmediate(r));
  }
  deps.log.info('LDAP users synced', { ...report, skipped_names: undefined });
  return report;
}
