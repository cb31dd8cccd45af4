// /api/adminSetting/syncLdapUsers (#23): local accounts for the directory's people. Administrators only.
import { endpoint } from './contract';

export interface LdapSyncReport {
  /** people the directory listed */
  total: number;
  created: number;
  /** directory accounts whose display name changed */
  updated: number;
  unchanged: number;
  /** names left out: a local account has the name, or the name is not a valid username */
  skipped: number;
  /** the first 50 of them */
  skipped_names: string[];
}

export const syncLdapUsers = endpoint<LdapSyncReport>()('adminSetting/syncLdapUsers', {});
