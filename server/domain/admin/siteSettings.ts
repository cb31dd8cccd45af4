// Admin console, site settings: the validated save (registration switch, home page, LDAP with a
// connection test, object storage…). What the console reads is presenters/siteSettings.ts.
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { REGISTER_MODES, type LdapForm, type OssSetting, type RegisterMode, type SiteSettings } from '../settings';
import { ldapHostName, ldapTestConnection } from '../../auth/ldap';
import { isForbiddenHost } from '../../net/forbiddenHosts';
import { endpointHost } from '../../storage/s3Endpoint';
import { liveItemExists } from './items';
import { UPLOAD_QUOTA_MAX_MB } from '../../../shared/limits';
import type { LdapFormInput, OssSettingInput } from '../../../shared/api/adminSetting';

const HISTORY_MAX = 1000;
const UPLOAD_MAX_MB = 2048;
const TOKEN_DAYS_MAX = 3650;

export interface SettingsPatch {
  register_open?: boolean;
  register_mode?: string;
  home_page?: number;
  home_item?: number;
  ldap_open?: boolean;
  ldap_form?: LdapFormInput;
  oss_open?: boolean;
  oss_setting?: OssSettingInput;
  history_version_count?: number;
  upload_max_mb?: number;
  user_upload_quota_mb?: number;
  site_upload_quota_mb?: number;
  force_login?: boolean;
  enable_public_square?: boolean;
  site_url?: string;
  session_expire_days?: number;
}

const invalid = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);
const ATTR_RE = /^[A-Za-z][A-Za-z0-9-]{0,99}$/;

function balanced(filter: string): boolean {
  let depth = 0;
  for (const c of filter) {
    if (c === '(') depth++;
    if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** Merges the submitted LDAP form over the saved one (an empty password keeps the saved one) and checks it. */
export function mergeLdapForm(saved: LdapForm, input: LdapFormInput): LdapForm {
  const f: LdapForm = { ...saved };
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    if (k === 'bind_password' && v === '') continue;
    (f as unknown as Record<string, unknown>)[k] = v;
  }
  if (!f.port) f.port = 389;
  if (!f.user_field) f.user_field = 'uid';
  if (!Number.isInteger(f.port) || f.port < 1 || f.port > 65535) throw invalid('LDAP port must be between 1 and 65535');
  if (f.version !== 2 && f.version !== 3) {
    if (!f.version) f.version = 3;
    else throw invalid('LDAP version must be 2 or 3');
  }
  if (f.host) {
    const host = ldapHostName(f.host);
    if (host === null) throw invalid('LDAP host must be a host name, an IP address or an ldap:// or ldaps:// URL');
    if (isForbiddenHost(host)) throw invalid('LDAP host {host} is a link-local or cloud metadata address; Quire does not connect there', { host });
  }
  if (!ATTR_RE.test(f.user_field)) throw invalid('LDAP user field must be an attribute name');
  if (f.name_field && !ATTR_RE.test(f.name_field)) throw invalid('LDAP name field must be an attribute name');
  if (f.search_filter && !(f.search_filter.startsWith('(') && f.search_filter.endsWith(')') && balanced(f.search_filter))) {
    throw invalid('LDAP search filter must be enclosed in parentheses');
  }
  return f;
}

export function mergeOssSetting(saved: OssSetting, input: OssSettingInput): OssSetting {
  const o: OssSetting = { ...saved };
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    if ((k === 'secret' || k === 'secretKey') && v === '') continue;
    (o as unknown as Record<string, unknown>)[k] = v;
  }
  for (const [field, value] of [
    ['endpoint', o.endpoint],
    ['domain', o.domain],
  ] as const) {
    const host = value ? endpointHost(value) : '';
    if (host && isForbiddenHost(host)) {
      throw invalid('Object storage {field} {host} is a link-local or cloud metadata address; Quire does not connect there', { field, host });
    }
  }
  if (o.domain && !/^[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/.test(o.domain)) throw invalid('Object storage domain must be a host name such as cdn.example.com');
  if (o.endpoint && !/^(https?:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?\/?$/.test(o.endpoint)) throw invalid('Object storage endpoint must be a host name or URL');
  if (o.subcat && !/^[A-Za-z0-9._\-/]+$/.test(o.subcat)) throw invalid('Object storage folder may only hold letters, digits and . _ - /');
  return o;
}

function requireOssComplete(o: OssSetting): void {
  const need = (field: string, value: string) => {
    if (!value) throw invalid('Object storage field {field} is required when object storage is on', { field });
  };
  need('bucket', o.bucket);
  if (o.oss_type === 'qcloud') {
    need('secretId', o.secretId);
    need('secretKey', o.secretKey);
    need('region', o.region);
  } else {
    need('key', o.key);
    need('secret', o.secret);
    if (o.oss_type !== 'qiniu') need('endpoint', o.endpoint);
  }
}

function checkSiteUrl(u: string): string {
  const v = u.trim().replace(/\/+$/, '');
  if (!v) return '';
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw invalid('Site URL must start with http:// or https://');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid('Site URL must start with http:// or https://');
  if (parsed.search || parsed.hash || parsed.username || parsed.password) throw invalid('Site URL must not carry a query, fragment or credentials');
  return v;
}

/** Validates the whole patch against the saved settings, tests LDAP when it is on, then saves; nothing is saved on error. */
export async function saveSiteSettings(deps: AppDeps, patch: SettingsPatch): Promise<SiteSettings> {
  const saved = await deps.settings.get();
  const next: Partial<SiteSettings> = {};

  if (patch.register_open !== undefined) next.register_open = patch.register_open;
  if (patch.force_login !== undefined) next.force_login = patch.force_login;
  if (patch.enable_public_square !== undefined) next.enable_public_square = patch.enable_public_square;
  if (patch.home_page !== undefined) {
    if (patch.home_page === 4) throw invalid('The public square home page is not available in Quire');
    if (![1, 2, 3].includes(patch.home_page)) throw invalid('Home page mode must be 1 (landing page), 2 (login page) or 3 (an item)');
    next.home_page = patch.home_page as 1 | 2 | 3;
  }
  if (patch.home_item !== undefined) next.home_item = patch.home_item;
  const homePage = next.home_page ?? saved.home_page;
  const homeItem = next.home_item ?? saved.home_item;
  if (homePage === 3 && !(await liveItemExists(deps, homeItem))) {
    throw invalid('Home page mode 3 needs an existing item as home item');
  }
  if (patch.history_version_count !== undefined) {
    if (patch.history_version_count < 1 || patch.history_version_count > HISTORY_MAX) {
      throw invalid('History versions to keep must be between 1 and {max}', { max: HISTORY_MAX });
    }
    next.history_version_count = patch.history_version_count;
  }
  if (patch.upload_max_mb !== undefined) {
    if (patch.upload_max_mb < 1 || patch.upload_max_mb > UPLOAD_MAX_MB) throw invalid('Upload size limit must be between 1 and {max} MB', { max: UPLOAD_MAX_MB });
    next.upload_max_mb = patch.upload_max_mb;
  }
  for (const key of ['user_upload_quota_mb', 'site_upload_quota_mb'] as const) {
    const mb = patch[key];
    if (mb === undefined) continue;
    if (!Number.isInteger(mb) || mb < 0 || mb > UPLOAD_QUOTA_MAX_MB) {
      throw invalid('Upload quotas must be between 0 (unlimited) and {max} MB', { max: UPLOAD_QUOTA_MAX_MB });
    }
    next[key] = mb;
  }
  if (patch.site_url !== undefined) next.site_url = checkSiteUrl(patch.site_url);
  if (patch.register_mode !== undefined) {
    if (!REGISTER_MODES.includes(patch.register_mode as RegisterMode)) throw invalid('New accounts must be open, email (confirm their email) or approval (approved by an administrator)');
    next.register_mode = patch.register_mode as RegisterMode;
  }
  // confirming by email needs mail and a site URL for the link, now and after this save
  if ((next.register_mode ?? saved.register_mode) === 'email' && (patch.register_mode === 'email' || next.site_url === '')) {
    if (!deps.config.smtp) throw invalid('New accounts cannot confirm their email: this server sends no mail (set SMTP_HOST)');
    if (!deps.config.publicUrl && !(next.site_url ?? saved.site_url)) throw invalid('New accounts cannot confirm their email until the site URL is set');
  }
  if (patch.session_expire_days !== undefined) {
    if (patch.session_expire_days < 1 || patch.session_expire_days > TOKEN_DAYS_MAX) {
      throw invalid('Login sessions must last between 1 and {max} days', { max: TOKEN_DAYS_MAX });
    }
    next.session_expire_days = patch.session_expire_days;
  }

  if (patch.ldap_form !== undefined) next.ldap_form = mergeLdapForm(saved.ldap_form, patch.ldap_form);
  if (patch.ldap_open !== undefined) next.ldap_open = patch.ldap_open;
  const ldapOpen = next.ldap_open ?? saved.ldap_open;
  // test the directory when LDAP is being switched on or its form changed (not on every unrelated save)
  const formChanged = !!next.ldap_form && JSON.stringify(next.ldap_form) !== JSON.stringify(saved.ldap_form);
  if (ldapOpen && (formChanged || !saved.ldap_open)) {
    const form = next.ldap_form ?? saved.ldap_form;
    if (!form.host) throw invalid('LDAP host is required');
    if (!form.base_dn) throw invalid('LDAP base DN is required');
    const failure = await ldapTestConnection(form);
    if (failure) throw invalid('Cannot connect to the LDAP server: {reason}', { reason: failure });
  }

  if (patch.oss_setting !== undefined) next.oss_setting = mergeOssSetting(saved.oss_setting, patch.oss_setting);
  if (patch.oss_open !== undefined) next.oss_open = patch.oss_open;
  if (next.oss_open ?? saved.oss_open) requireOssComplete(next.oss_setting ?? saved.oss_setting);

  await deps.settings.save(next);
  deps.events.emit('settings.changed', {});
  return deps.settings.get();
}
