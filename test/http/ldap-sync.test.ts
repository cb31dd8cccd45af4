// LDAP user sync (adminSetting/syncLdapUsers, #23) against a real OpenLDAP server (scripts/ldap.sh):
// the directory's people get local directory accounts; names follow the directory; local accounts
// of the same name (an administrator above all) are never taken over; administrators only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { startLdap, LDAP_USERS, type LdapServer } from '../helpers/ldap';
import { freePort } from '../helpers/cluster';
import { users } from '../../server/db/schema';
import { verifyPassword } from '../../server/auth/passwords';
import { syncFilter } from '../../server/auth/ldap';
import type { LdapForm } from '../../server/domain/settings';

let app: TestApp;
let ldap: LdapServer;
let admin: { uid: number; user_token: string };
let member: { uid: number; user_token: string };

const byName = async (name: string) => (await app.deps.db.select().from(users).where(sql`lower(${users.username}) = lower(${name})`))[0];
const sync = (token = admin.user_token) => app.call('adminSetting/syncLdapUsers', {}, { token });

async function useLdap(open: boolean, form?: Partial<LdapForm>) {
  await app.deps.settings.save({ ldap_open: open, ldap_form: ldap.form(form) });
  app.deps.events.emit('settings.changed', {});
}

beforeAll(async () => {
  [app, ldap] = await Promise.all([startTestApp(), startLdap()]);
  admin = await app.register('root-admin');
  member = await app.register('bob'); // a local account with a directory person's name
}, 120_000);

afterAll(async () => {
  await Promise.all([app?.close(), ldap?.stop()]);
}, 60_000);

describe('LDAP user sync', () => {
  it('is for administrators only', async () => {
    await useLdap(true);
    expect((await sync(member.user_token)).error_code).toBe(10103);
    expect((await app.call('adminSetting/syncLdapUsers', {})).error_code).toBe(10102);
    expect(await byName('alice')).toBeUndefined();
  });

  it('is refused while LDAP is switched off', async () => {
    await useLdap(false);
    const r = await sync();
    expect(r.error_code).toBe(10101);
    expect(await byName('alice')).toBeUndefined();
  });

  it('creates a directory account for each person, with the directory name and address, and no usable password', async () => {
    await useLdap(true);
    const r = await sync();
    expect(r.error_code, JSON.stringify(r)).toBe(0);
    expect(r.data).toMatchObject({ total: 4, created: 3, skipped: 1, skipped_names: ['bob'] });
    for (const name of ['alice', 'carol', 'dave'] as const) {
      const row = await byName(name);
      expect(row.source).toBe('ldap');
      expect(row.groupid).toBe(2);
      expect(row.name).toBe(LDAP_USERS[name].name);
      expect((await verifyPassword(LDAP_USERS[name].password, row.password, row.salt)).ok).toBe(false);
    }
    expect((await byName('alice')).email).toBe('alice@quire.test');
    expect(await byName('reader')).toBeUndefined(); // the service account is no person
    // the local bob is left as he was
    const bob = await byName('bob');
    expect(bob.source).toBe('local');
    expect(bob.uid).toBe(member.uid);
  });

  it('is idempotent, and brings names back in line with the directory', async () => {
    await app.deps.db.update(users).set({ name: 'Old name' }).where(eq(users.username, 'alice'));
    const before = (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const r = await sync();
    expect(r.data).toMatchObject({ total: 4, created: 0, updated: 1, unchanged: 2, skipped: 1 });
    expect((await byName('alice')).name).toBe('Alice Liddell');
    expect((await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n).toBe(before);
  });

  it('a synced person logs in with the directory password into the synced account', async () => {
    const uid = (await byName('dave')).uid;
    const r = await app.login('dave', LDAP_USERS.dave.password);
    expect(r.error_code).toBe(0);
    expect(Number(r.data.uid)).toBe(uid);
  });

  it('follows the search filter, placeholder included', async () => {
    await useLdap(true, { search_filter: '(uid=%(user)s)' });
    expect((await sync()).data.total).toBe(4);
    await useLdap(true, { search_filter: '(cn=Carol)' });
    const r = await sync();
    expect(r.data).toMatchObject({ total: 1, unchanged: 1 });
  });

  it('says so when the directory cannot be reached, and changes nothing', async () => {
    await useLdap(true, { port: await freePort() });
    const before = (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const r = await sync();
    expect(r.error_code).toBe(10101);
    expect(r.error_message).toMatch(/LDAP/);
    expect((await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n).toBe(before);
  });
});

describe('the sync filter', () => {
  it('is restricted to person entries unless it names object classes', () => {
    expect(syncFilter({ user_field: 'uid', search_filter: '' })).toBe('(&(|(objectClass=person)(objectClass=inetOrgPerson)(objectClass=user))(uid=*))');
    expect(syncFilter({ user_field: 'cn', search_filter: '(&(objectClass=posixAccount)(cn=%(user)s))' })).toBe('(&(objectClass=posixAccount)(cn=*))');
    expect(syncFilter({ user_field: 'uid', search_filter: 'ou=dev' })).toContain('(ou=dev))');
  });
});
