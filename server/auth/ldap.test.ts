// LDAP helpers without a server: URL building, RFC 4515 escaping, the user filter, and the
// early refusals that never touch the network (empty password, incomplete form).
import { describe, expect, it } from 'vitest';
import { escapeFilterValue, ldapCheck, ldapUrl, userFilter } from './ldap';
import { defaultLdapForm } from '../domain/settings';

describe('ldapUrl', () => {
  it('builds ldap://host:port, keeps ldap(s):// URLs, brackets IPv6', () => {
    expect(ldapUrl({ host: 'dir.example.com', port: 389 })).toBe('ldap://dir.example.com:389');
    expect(ldapUrl({ host: ' dir.example.com ', port: 0 })).toBe('ldap://dir.example.com:389');
    expect(ldapUrl({ host: 'ldaps://dir.example.com', port: 636 })).toBe('ldaps://dir.example.com:636');
    expect(ldapUrl({ host: 'ldap://dir.example.com:1389', port: 389 })).toBe('ldap://dir.example.com:1389');
    expect(ldapUrl({ host: '::1', port: 389 })).toBe('ldap://[::1]:389');
  });
});

describe('filters', () => {
  it('escapes \\ * ( ) and NUL', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a');
    expect(escapeFilterValue('a\\b\u0000')).toBe('a\\5cb\\00');
    expect(escapeFilterValue('张三')).toBe('张三');
  });

  it('wraps the user attribute with an optional extra filter, or fills the %(user)s placeholder', () => {
    expect(userFilter({ user_field: 'uid', search_filter: '' }, 'ann')).toEqual({ filter: '(uid=ann)', placeholder: false });
    expect(userFilter({ user_field: 'cn', search_filter: '(objectClass=person)' }, 'a*')).toEqual({ filter: '(&(objectClass=person)(cn=a\\2a))', placeholder: false });
    expect(userFilter({ user_field: '', search_filter: 'objectClass=person' }, 'ann').filter).toBe('(&(objectClass=person)(uid=ann))');
    expect(userFilter({ user_field: 'uid', search_filter: '(|(uid=%(user)s)(mail=%(user)s))' }, 'x)(')).toEqual({
      filter: '(|(uid=x\\29\\28)(mail=x\\29\\28))',
      placeholder: true,
    });
  });
});

describe('ldapCheck refusals without a network round trip', () => {
  const form = { ...defaultLdapForm(), host: '127.0.0.1', port: 1, base_dn: 'dc=x' };
  it('an empty password or username is never an unauthenticated bind', async () => {
    expect(await ldapCheck(form, 'ann', '')).toEqual({ ok: false });
    expect(await ldapCheck(form, '', 'secret')).toEqual({ ok: false });
  });
  it('an incomplete form answers no', async () => {
    expect(await ldapCheck({ ...form, host: '' }, 'ann', 'secret')).toEqual({ ok: false });
    expect(await ldapCheck({ ...form, base_dn: '' }, 'ann', 'secret')).toEqual({ ok: false });
  });
  it('a closed port is reported as unavailable, not as a wrong password', async () => {
    const v = await ldapCheck(form, 'ann', 'secret');
    expect(v.ok).toBe(false);
    expect(v.unavailable).toMatch(/\S/);
  });
});
