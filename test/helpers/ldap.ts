// A real OpenLDAP server (Debian slapd) for one test file, started by scripts/ldap.sh on a free
// loopback port with its own temp directory. See the script for the seeded users.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './cluster';
import type { LdapForm } from '../../server/domain/settings';

const run = promisify(execFile);
const script = path.resolve('scripts/ldap.sh');

export const LDAP_BASE_DN = 'dc=quire,dc=test';
export const LDAP_USERS = {
  alice: { password: 'alice-pass', name: 'Alice Liddell', email: 'alice@quire.test' },
  bob: { password: 'bob-pass', name: 'Bob Builder', email: 'bob@quire.test' },
  carol: { password: 'carol-pass', name: 'Carol', email: '' },
  dave: { password: 'dave-pass', name: 'Dave Directory', email: '' },
} as const;

export interface LdapServer {
  port: number;
  /** the admin settings form pointing at this server (service account `reader`) */
  form(overrides?: Partial<LdapForm>): LdapForm;
  stop(): Promise<void>;
}

export async function startLdap(): Promise<LdapServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-ldap-'));
  fs.rmSync(dir, { recursive: true });
  const port = await freePort();
  try {
    await run('bash', [script, 'start', dir, String(port)], { timeout: 20_000 });
  } catch (e: any) {
    await run('bash', [script, 'stop', dir], { timeout: 20_000 }).catch(() => {});
    throw new Error(`scripts/ldap.sh start failed: ${e.stderr || e.message}`);
  }
  let stopped = false;
  return {
    port,
    form: (o = {}) => ({
      host: '127.0.0.1',
      port,
      version: 3,
      base_dn: LDAP_BASE_DN,
      bind_dn: `cn=reader,${LDAP_BASE_DN}`,
      bind_password: 'reader-secret',
      user_field: 'uid',
      name_field: 'cn',
      search_filter: '',
      ...o,
    }),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await run('bash', [script, 'stop', dir], { timeout: 20_000 });
    },
  };
}
