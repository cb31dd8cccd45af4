// LDAP login (people/admin issue fills this in): returns the directory's verdict for a
// username/password pair, or null when LDAP is switched off.
import type { AppDeps } from '../deps';

export interface LdapVerdict {
  ok: boolean;
  /** display name from the directory */
  name?: string;
  email?: string;
}

export async function ldapAuthenticate(deps: AppDeps, _username: string, _password: string): Promise<LdapVerdict | null> {
  const s = await deps.settings.get();
  if (!s.ldap_open) return null;
  return null;
}
