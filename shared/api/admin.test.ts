// The admin contracts' own fields read parameters exactly as the handlers did before them.
import { describe, expect, it } from 'vitest';
import type { Endpoint } from './contract';
import { addUser, setGroup } from './adminUser';
import { saveConfig } from './adminSetting';

const parse = (e: Endpoint, raw: Record<string, unknown>) => {
  const r = e.params.safeParse(raw);
  if (r.success) return { ok: r.data as Record<string, unknown> };
  const i = r.error.issues[0] as { path: PropertyKey[]; message: string };
  return { err: i.message, name: i.path[0] };
};

describe('adminUser groupid', () => {
  it('1 or 2 when sent; absent or blank is unchanged (addUser) or required (setGroup)', () => {
    expect(parse(addUser, { groupid: '1' }).ok?.groupid).toBe(1);
    expect(parse(addUser, { groupid: 2 }).ok?.groupid).toBe(2);
    expect(parse(addUser, { groupid: ' 2 ' }).ok?.groupid).toBe(2);
    expect(parse(addUser, {}).ok?.groupid).toBeUndefined();
    expect(parse(addUser, { groupid: '  ' }).ok?.groupid).toBeUndefined();
    expect(parse(setGroup, { uid: 3 })).toEqual({ err: 'Parameter {name} is required', name: 'groupid' });
    expect(parse(setGroup, { groupid: '', uid: 3 })).toEqual({ err: 'Parameter {name} is required', name: 'groupid' });
    expect(parse(setGroup, { groupid: '1', uid: 3 }).ok).toEqual({ groupid: 1, uid: 3 });
  });

  it('refuses other values with the readers’ messages', () => {
    expect(parse(addUser, { groupid: '3' })).toEqual({ err: 'Parameter {name} has an invalid value', name: 'groupid' });
    expect(parse(addUser, { groupid: 'admin' })).toEqual({ err: 'Parameter {name} must be a whole number', name: 'groupid' });
    expect(parse(addUser, { groupid: { $ne: null } })).toEqual({ err: 'Parameter {name} must be text', name: 'groupid' });
  });

  it('name only when sent', () => {
    expect(parse(addUser, {}).ok?.name).toBeUndefined();
    expect(parse(addUser, { name: '' }).ok?.name).toBe('');
  });
});

describe('adminSetting/saveConfig', () => {
  it('numbers and switches only when sent and not blank', () => {
    const out = parse(saveConfig, { upload_max_mb: ' 8 ', history_version_count: '', force_login: '1', register_open: '' }).ok!;
    expect(out.upload_max_mb).toBe(8);
    expect(out.history_version_count).toBeUndefined();
    expect(out.session_expire_days).toBeUndefined();
    expect(out.force_login).toBe(true);
    expect(out.register_open).toBe(false);
    expect(out.ldap_open).toBeUndefined();
  });

  it('refuses garbage with the readers’ messages', () => {
    expect(parse(saveConfig, { upload_max_mb: '1e3' })).toEqual({ err: 'Parameter {name} must be a whole number', name: 'upload_max_mb' });
    expect(parse(saveConfig, { home_page: [1] })).toEqual({ err: 'Parameter {name} must be text', name: 'home_page' });
    expect(parse(saveConfig, { ldap_form: '{"port": "x"}' })).toEqual({ err: 'Parameter {name} has an invalid value', name: 'ldap_form' });
  });
});
