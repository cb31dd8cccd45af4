// The site settings' shapes and defaults (ShowDoc's `options`), with no I/O: the settings store
// (domain/settings.ts) reads and writes them; auth (LDAP) and storage (object storage) read them.
import type { Oauth2Form } from '../../shared/api/adminSetting';
import { DEFAULT_SITE_UPLOAD_QUOTA_MB, DEFAULT_UPLOAD_MAX_MB, DEFAULT_USER_UPLOAD_QUOTA_MB, HISTORY_RETENTION_DEFAULT } from '../../shared/limits';

export interface LdapForm {
  host: string;
  port: number;
  version: 2 | 3;
  base_dn: string;
  bind_dn: string;
  bind_password: string;
  user_field: string;
  /** optional: attribute copied into the user's display name */
  name_field: string;
  /** optional extra filter, e.g. (objectClass=person) */
  search_filter: string;
}

export interface OssSetting {
  oss_type: 'aliyun' | 'qiniu' | 'qcloud' | 's3_storage';
  key: string;
  secret: string;
  endpoint: string;
  bucket: string;
  protocol: 'http' | 'https';
  domain: string;
  region: string;
  secretId: string;
  secretKey: string;
  subcat: string;
}

export type { Oauth2Form } from '../../shared/api/adminSetting';

/** How a new account starts: at once, after confirming its email, or after an administrator's approval. */
export type RegisterMode = 'open' | 'email' | 'approval';
export const REGISTER_MODES: readonly RegisterMode[] = ['open', 'email', 'approval'];

export interface SiteSettings {
  register_open: boolean;
  register_mode: RegisterMode;
  /** 1 landing page, 2 login page, 3 jump to home_item */
  home_page: 1 | 2 | 3;
  home_item: number;
  ldap_open: boolean;
  ldap_form: LdapForm;
  oss_open: boolean;
  oss_setting: OssSetting;
  history_version_count: number;
  upload_max_mb: number;
  /** MB one user's files may take in all; 0 = unlimited */
  user_upload_quota_mb: number;
  /** MB all files together may take; 0 = unlimited */
  site_upload_quota_mb: number;
  force_login: boolean;
  site_url: string;
  /** an update flagged by the operator (admin console shows the entry only then) */
  update_url: string;
  update_title: string;
  /** login tokens expire after this many days without use (ShowDoc's option name) */
  session_expire_days: number;
  /** the public square (publicSquare/*) lists every public item; off by default */
  enable_public_square: boolean;
  /** the secret behind extLogin/bySecretKey sign-in links ('' = none yet; adminSetting/getLoginSecretKey makes one) */
  login_secret_key: string;
  oauth2_open: boolean;
  oauth2_form: Oauth2Form;
}

export const defaultLdapForm = (): LdapForm => ({
  host: '',
  port: 389,
  version: 3,
  base_dn: '',
  bind_dn: '',
  bind_password: '',
  user_field: 'uid',
  name_field: '',
  search_filter: '',
});

export const defaultOssSetting = (): OssSetting => ({
  oss_type: 's3_storage',
  key: '',
  secret: '',
  endpoint: '',
  bucket: '',
  protocol: 'https',
  domain: '',
  region: '',
  secretId: '',
  secretKey: '',
  subcat: '',
});

export const defaultOauth2Form = (): Oauth2Form => ({
  client_id: '',
  client_secret: '',
  redirectUri: '',
  protocol: 'https',
  host: '',
  authorize_path: '',
  token_path: '',
  resource_path: '',
  userinfo_path: '',
  scope: '',
  entrance_tips: '',
  logout_redirect_uri: '',
  issuer: '',
});

export const defaultSettings = (): SiteSettings => ({
  register_open: true,
  register_mode: 'open',
  home_page: 1,
  home_item: 0,
  ldap_open: false,
  ldap_form: defaultLdapForm(),
  oss_open: false,
  oss_setting: defaultOssSetting(),
  history_version_count: HISTORY_RETENTION_DEFAULT,
  upload_max_mb: DEFAULT_UPLOAD_MAX_MB,
  user_upload_quota_mb: DEFAULT_USER_UPLOAD_QUOTA_MB,
  site_upload_quota_mb: DEFAULT_SITE_UPLOAD_QUOTA_MB,
  force_login: false,
  site_url: '',
  update_url: '',
  update_title: '',
  session_expire_days: 30,
  enable_public_square: false,
  login_secret_key: '',
  oauth2_open: false,
  oauth2_form: defaultOauth2Form(),
});
