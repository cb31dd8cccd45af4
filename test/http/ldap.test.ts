// LDAP login against a real OpenLDAP server (scripts/ldap.sh): first login creates the local account
// with an unusable password; wrong password, unknown user, filter injection and a dead server are refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { startLdap, LDAP_USERS, type LdapServer } from '../helpers/ldap';
import { freePort } from '../helpers/cluster';
import { throttles, users } from '../../server/db/schema';
import { verifyPassword } from '../../server/auth/passwords';
import { ErrorCode } from '../../shared/errors';
import type { LdapForm } from '../../server/domain/settings';

let app: TestApp;
let ldap: LdapServer;

const userCount = async () => (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
const byName = async (name: string) => (await app.deps.db.select().from(users).where(sql`lower(${users.username}) = lower(${name})`))[0];

async function useLdap(open: boolean, form?: Partial<LdapForm>) {
  await app.deps.settings.save({ ldap_open: open, ldap_form: ldap.form(form) });
  app.deps.events.emit('settings.changed', {});
}

beforeAll(async () => {
  [app, ldap] = await Promise.all([startTestApp(), startLdap()]);
  await app.register('root-admin'); // first account: administrator, local
  await app.register('localuser');
}, 120_000);

// each case starts below the failed-login counters (they would demand the captcha after 5 / 20 failures)
beforeEach(async () => {
  await app.deps.db.delete(throttles);
});

afterAll(async () => {
  await Promise.all([app?.close(), ldap?.stop()]);
}, 60_000);

describe('LDAP login', () => {
  it('is not consulted while LDAP is switched off', async () => {
    await useLdap(false);
    const r = await app.login('alice', LDAP_USERS.alice.password);
    expect(r.error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect(await byName('alice')).toBeUndefined();
  });

  it('first successful login creates the local user from the directory, with an unusable local password', async () => {
    await useLdap(true);
    const before = await userCount();
    const r = await app.login('alice', LDAP_USERS.alice.password);
    expect(r.error_code).toBe(0);
    expect(r.data.username).toBe('alice');
    expect(r.data.name).toBe('Alice Liddell');
    expect(r.data.email).toBe('alice@quire.test');
    expect(r.data.groupid).toBe('2');
    expect(await userCount()).toBe(before + 1);

    const row = await byName('alice');
    expect(row.source).toBe('ldap');
    expect(row.password.startsWith('$argon2')).toBe(true);
    for (const guess of [LDAP_USERS.alice.password, '', 'alice', '123456']) {
      expect((await verifyPassword(guess, row.password, row.salt)).ok).toBe(false);
    }

    const info = await app.call('user/info', {}, { token: r.data.user_token });
    expect(info.error_code).toBe(0);
    expect(info.data.is_ldap).toBe(1);
    expect(info.data.uid).toBe(String(row.uid));
  });

  it('a second login (any letter case) reuses the same account', async () => {
    const before = await userCount();
    const r = await app.login('ALICE', LDAP_USERS.alice.password);
    expect(r.error_code).toBe(0);
    expect(r.data.username).toBe('alice');
    expect(await userCount()).toBe(before);
  });

  it('refuses a wrong password and creates nothing', async () => {
    const before = await userCount();
    const r = await app.login('bob', 'not-bobs-password');
    expect(r.error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect(await userCount()).toBe(before);
    expect(await byName('bob')).toBeUndefined();
  });

  it('refuses an empty password (an unauthenticated bind is not a login)', async () => {
    const r = await app.login('bob', '');
    expect(r.error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect(await byName('bob')).toBeUndefined();
  });

  it('refuses an unknown user', async () => {
    const before = await userCount();
    const r = await app.login('mallory', 'whatever-1');
    expect(r.error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect(await userCount()).toBe(before);
  });

  it('escapes filter characters in the username: "*)(uid=*" and friends match nobody', async () => {
    const before = await userCount();
    for (const name of ['*)(uid=*', '*', 'b*', '*)(|(uid=*', 'bob)(uid=*', 'bo\\62', '*)(objectClass=*']) {
      for (const password of [LDAP_USERS.bob.password, LDAP_USERS.alice.password]) {
        const r = await app.login(name, password);
        expect(r.error_code, `${name} / ${password}`).toBe(ErrorCode.WRONG_CREDENTIALS);
      }
    }
    expect(await userCount()).toBe(before);
    expect(await byName('bob')).toBeUndefined();
  });

  it('escapes the username inside an administrator filter with the %(user)s placeholder', async () => {
    await useLdap(true, { search_filter: '(&(objectClass=inetOrgPerson)(uid=%(user)s))' });
    for (const name of ['*)(uid=*', 'c*', '*']) {
      const bad = await app.login(name, LDAP_USERS.carol.password);
      expect(bad.error_code, name).toBe(ErrorCode.WRONG_CREDENTIALS);
    }
    expect(await byName('carol')).toBeUndefined();
    const ok = await app.login('carol', LDAP_USERS.carol.password);
    expect(ok.error_code).toBe(0);
    expect(ok.data.name).toBe('Carol');
    expect(ok.data.email).toBe('');
    await useLdap(true);
  });

  it('with an extra filter, directory users outside it are refused', async () => {
    await useLdap(true, { search_filter: '(objectClass=posixAccount)' });
    const r = await app.login('bob', LDAP_USERS.bob.password);
    expect(r.error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect(await byName('bob')).toBeUndefined();
    await useLdap(true);
  });

  it('a directory entry never opens a local administrator account of the same name', async () => {
    await app.deps.db.update(users).set({ username: 'dave', groupid: 1 }).where(eq(users.username, 'root-admin'));
    const r = await app.login('dave', LDAP_USERS.dave.password);
    expect(r.error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    expect((await app.login('dave')).error_code).toBe(0); // the local password still works
    await app.deps.db.update(users).set({ groupid: 2 }).where(eq(users.username, 'dave'));
    // an ordinary local account of the same name is opened (ShowDoc behaviour), without becoming an LDAP account
    const ordinary = await app.login('dave', LDAP_USERS.dave.password);
    expect(ordinary.error_code).toBe(0);
    expect((await byName('dave')).source).toBe('local');
    await app.deps.db.update(users).set({ username: 'root-admin', groupid: 1 }).where(eq(users.username, 'dave'));
  });

  it('local accounts keep logging in with their own passwords while LDAP is on', async () => {
    const r = await app.login('localuser');
    expect(r.error_code).toBe(0);
    const wrong = await app.login('localuser', 'wrong-pass');
    expect(wrong.error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
  });

  it('LDAP server down: a clear error for directory logins, local accounts still log in', async () => {
    const deadPort = await freePort();
    await useLdap(true, { port: deadPort });
    const started = Date.now();
    const r = await app.login('bob', LDAP_USERS.bob.password);
    expect(r.error_code).toBe(ErrorCode.UNAVAILABLE);
    expect(r.error_message).toMatch(/LDAP server cannot be reached/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await byName('bob')).toBeUndefined();

    const existing = await app.login('alice', LDAP_USERS.alice.password);
    expect(existing.error_code).toBe(ErrorCode.UNAVAILABLE);

    const zh = await app.call('user/login', { username: 'bob', password: LDAP_USERS.bob.password }, { headers: { 'Accept-Language': 'zh-CN' } });
    expect(zh.error_code).toBe(ErrorCode.UNAVAILABLE);
    expect(zh.error_message).toMatch(/LDAP/);
    expect(zh.error_message).not.toMatch(/cannot be reached/);

    const local = await app.login('localuser');
    expect(local.error_code).toBe(0);
    const admin = await app.login('root-admin');
    expect(admin.error_code).toBe(0);
  });

  it('a wrong service-account password is reported like an unreachable server, not as the user’s fault', async () => {
    await useLdap(true, { bind_password: 'wrong-reader-secret' });
    const r = await app.login('bob', LDAP_USERS.bob.password);
    expect(r.error_code).toBe(ErrorCode.UNAVAILABLE);
    await useLdap(true);
    const ok = await app.login('bob', LDAP_USERS.bob.password);
    expect(ok.error_code).toBe(0);
    expect(ok.data.name).toBe('Bob Builder');
  });

  it('once LDAP is switched off, directory accounts cannot log in with their directory password', async () => {
    await useLdap(false);
    const r = await app.login('alice', LDAP_USERS.alice.password);
    expect(r.error_code).toBe(ErrorCode.WRONG_CREDENTIALS);
    const row = await byName('alice');
    expect(row).toBeDefined();
    const [{ n }] = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.source, 'ldap'));
    expect(n).toBe(3); // alice, carol, bob
  });
});
