import { describe, expect, it } from 'vitest';
import { toFormValues, toSavePayload } from './settingsForm';
import { adminSections, canDeleteUser } from './rules';

describe('site settings form', () => {
  it('fills spec defaults on a fresh install (loadConfig answers [])', () => {
    const v = toFormValues([]);
    expect(v.register_open).toBe(true);
    expect(v.home_page).toBe(1);
    expect(v.home_item).toBeUndefined();
    expect(v.ldap_open).toBe(false);
    expect(v.ldap_form.port).toBe(389);
    expect(v.ldap_form.version).toBe(3);
    expect(v.oss_open).toBe(false);
    expect(v.oss_setting.protocol).toBe('https');
  });

  it('reads stored values, including JSON-encoded forms and string flags', () => {
    const v = toFormValues({
      register_open: '0',
      home_page: '3',
      home_item: 12,
      ldap_open: '1',
      ldap_form: JSON.stringify({ host: 'ldap.local', port: '636', version: '2', base_dn: 'dc=x' }),
      oss_open: 1,
      oss_setting: { oss_type: 'qcloud', protocol: 'http', bucket: 'b', secretId: 'id' },
    });
    expect(v).toMatchObject({ register_open: false, home_page: 3, home_item: '12', ldap_open: true, oss_open: true });
    expect(v.ldap_form).toMatchObject({ host: 'ldap.local', port: 636, version: 2, base_dn: 'dc=x', user_field: 'cn' });
    expect(v.oss_setting).toMatchObject({ oss_type: 'qcloud', protocol: 'http', bucket: 'b', secretId: 'id' });
  });

  it('saves the whole form and keeps keys the form does not show', () => {
    const loaded = { register_open: 1, history_version_count: 30, session_expire_days: 7, beian: 'ICP-1', oss_setting: { oss_type: 'aliyun', extra: 'keep' } };
    const v = toFormValues(loaded);
    v.register_open = false;
    v.ldap_open = true;
    v.ldap_form.host = 'dir.example.com';
    const p = toSavePayload(loaded, v);
    expect(p).toMatchObject({ register_open: 0, ldap_open: 1, oss_open: 0, history_version_count: 30, session_expire_days: 7, beian: 'ICP-1', home_page: 1 });
    expect(p.ldap_form).toMatchObject({ host: 'dir.example.com', port: 389, version: 3 });
    expect(p.oss_setting).toMatchObject({ oss_type: 'aliyun', extra: 'keep' });
  });

  it('reads and sends the upload quotas, where 0 (unlimited) is a value', () => {
    const loaded = { user_upload_quota_mb: 1024, site_upload_quota_mb: 0 };
    const v = toFormValues(loaded);
    expect(v).toMatchObject({ user_upload_quota_mb: 1024, site_upload_quota_mb: 0 });
    v.user_upload_quota_mb = 0;
    v.site_upload_quota_mb = 50_000;
    expect(toSavePayload(loaded, v)).toMatchObject({ user_upload_quota_mb: 0, site_upload_quota_mb: 50_000 });
    // a field left empty keeps the stored quota
    v.user_upload_quota_mb = undefined;
    expect(toSavePayload(loaded, v).user_upload_quota_mb).toBe(1024);
    expect('site_upload_quota_mb' in toSavePayload({}, toFormValues({}))).toBe(false);
  });

  it('sends the chosen home item only with home mode 3', () => {
    const v = toFormValues({});
    v.home_page = 3;
    v.home_item = '7';
    expect(toSavePayload({}, v).home_item).toBe(7);
    v.home_page = 1;
    v.home_item = undefined;
    expect('home_item' in toSavePayload({ home_item: 0 }, v)).toBe(false);
  });

  it('never sends the has_* flags and leaves empty secrets empty (the server keeps the stored one)', () => {
    const loaded = { ldap_form: { host: 'h', bind_password: '', has_bind_password: 1 }, oss_setting: { secret: '', has_secret: 1 } };
    const v = toFormValues(loaded);
    expect(v.ldap_form.has_bind_password).toBe(true);
    const p = toSavePayload(loaded, v) as { ldap_form: Record<string, unknown>; oss_setting: Record<string, unknown> };
    expect(p.ldap_form).not.toHaveProperty('has_bind_password');
    expect(p.ldap_form.bind_password).toBe('');
    expect(p.oss_setting).not.toHaveProperty('has_secret');
  });
});

describe('admin console rules', () => {
  it('never offers to delete an administrator', () => {
    expect(canDeleteUser({ groupid: 1 })).toBe(false);
    expect(canDeleteUser({ groupid: '1' })).toBe(false);
    expect(canDeleteUser({ groupid: 2 })).toBe(true);
  });

  it('shows the system update section only when an update is flagged', () => {
    expect(adminSections(false)).toEqual(['users', 'items', 'attachments', 'announcements', 'settings', 'signInLinks', 'sso', 'showdoc']);
    expect(adminSections(true)).toContain('update');
  });
});
