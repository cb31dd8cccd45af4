// /api/adminSetting/*: site settings (spec §7 Admin, showdoc-behaviour §7.10). Administrators only (10103).
// A field that is not sent leaves its setting as it is.
import { z } from 'zod';
import { endpoint } from './contract';
import { flag, id, json, optional, readInt, readText, text } from './fields';

const num = z.union([z.number(), z.string().regex(/^\s*\d{0,9}\s*$/)]).transform((v) => (v === '' ? 0 : Number(v)));
const trimmed = (max: number) => z.string().max(max).transform((s) => s.trim());

/** The LDAP form as the console sends it (every field optional; an empty bind password keeps the saved one). */
export const ldapFormSchema = z
  .object({
    host: trimmed(255),
    port: num,
    version: num,
    base_dn: trimmed(1000),
    bind_dn: trimmed(1000),
    bind_password: z.string().max(1000),
    user_field: trimmed(100),
    name_field: trimmed(100),
    search_filter: trimmed(2000),
  })
  .partial();

/** The object storage form (empty secrets keep the saved ones). */
export const ossSettingSchema = z
  .object({
    oss_type: z.enum(['aliyun', 'qiniu', 'qcloud', 's3_storage']),
    key: trimmed(500),
    secret: z.string().max(1000),
    endpoint: trimmed(500),
    bucket: trimmed(255),
    protocol: z.enum(['http', 'https']),
    domain: trimmed(500),
    region: trimmed(100),
    secretId: trimmed(500),
    secretKey: z.string().max(1000),
    subcat: trimmed(200),
  })
  .partial();

export type LdapFormInput = z.infer<typeof ldapFormSchema>;
export type OssSettingInput = z.infer<typeof ossSettingSchema>;

/** The LDAP form as the console reads it: the bind password never leaves the server. */
export interface LdapFormView {
  host: string;
  port: number;
  version: 2 | 3;
  base_dn: string;
  bind_dn: string;
  bind_password: '';
  has_bind_password: 0 | 1;
  user_field: string;
  name_field: string;
  search_filter: string;
}

/** The object storage settings as the console reads them: secrets never leave the server. */
export interface OssSettingView {
  oss_type: 'aliyun' | 'qiniu' | 'qcloud' | 's3_storage';
  key: string;
  secret: '';
  has_secret: 0 | 1;
  endpoint: string;
  bucket: string;
  protocol: 'http' | 'https';
  domain: string;
  region: string;
  secretId: string;
  secretKey: '';
  has_secretKey: 0 | 1;
  subcat: string;
}

export interface LdapConfig {
  ldap_open: 0 | 1;
  ldap_form: LdapFormView;
}

export interface SiteConfig extends LdapConfig {
  register_open: 0 | 1;
  register_mode: 'open' | 'email' | 'approval';
  home_page: number;
  home_item: number;
  oss_open: 0 | 1;
  oss_setting: OssSettingView;
  history_version_count: number;
  upload_max_mb: number;
  /** MB; 0 = unlimited */
  user_upload_quota_mb: number;
  site_upload_quota_mb: number;
  force_login: 0 | 1;
  /** the public square lists every public item (off by default) */
  enable_public_square: 0 | 1;
  site_url: string;
  session_expire_days: number;
  /** whether mailed links can work: mail from the environment, PUBLIC_URL or site_url */
  mail_configured: 0 | 1;
  public_url: string;
}

/** A whole number, only when sent and not blank. */
const intIfSent = () =>
  z
    .custom<string | number>(() => true)
    .optional()
    .transform((v, ctx): number | undefined => {
      if (v === undefined) return undefined;
      const s = readText(v, {}, ctx);
      if (s === (z.NEVER as unknown)) return z.NEVER;
      return s === '' ? undefined : readInt(v, {}, ctx);
    });

const flagIfSent = () => optional(flag());
const ldapForm = () => json(ldapFormSchema, { max: 20_000 });

export const loadConfig = endpoint<SiteConfig>()('adminSetting/loadConfig', {});

/** Validates the whole form against the saved settings (testing LDAP when it is on); nothing is saved on error. */
export const saveConfig = endpoint<SiteConfig>()('adminSetting/saveConfig', {
  register_open: flagIfSent(),
  register_mode: optional(text({ max: 20 })),
  home_page: intIfSent(),
  home_item: optional(id()),
  ldap_open: flagIfSent(),
  ldap_form: ldapForm(),
  oss_open: flagIfSent(),
  oss_setting: json(ossSettingSchema, { max: 20_000 }),
  history_version_count: intIfSent(),
  upload_max_mb: intIfSent(),
  user_upload_quota_mb: intIfSent(),
  site_upload_quota_mb: intIfSent(),
  force_login: flagIfSent(),
  enable_public_square: flagIfSent(),
  site_url: optional(text({ max: 500 })),
  session_expire_days: intIfSent(),
});

/** ShowDoc's separate LDAP form. */
export const loadLdapConfig = endpoint<LdapConfig>()('adminSetting/loadLdapConfig', {});
export const saveLdapConfig = endpoint<LdapConfig>()('adminSetting/saveLdapConfig', { ldap_open: flagIfSent(), ldap_form: ldapForm() });

/** ShowDoc's OAuth2 form (oauth2_form) plus Quire's `issuer`; an empty client secret keeps the saved one. */
export const oauth2FormSchema = z
  .object({
    client_id: trimmed(500),
    client_secret: z.string().max(2000),
    redirectUri: trimmed(1000),
    protocol: z.enum(['http', 'https']),
    host: trimmed(255),
    authorize_path: trimmed(1000),
    token_path: trimmed(1000),
    resource_path: trimmed(1000),
    userinfo_path: trimmed(1000),
    scope: trimmed(500),
    entrance_tips: trimmed(100),
    logout_redirect_uri: trimmed(1000),
    issuer: trimmed(1000),
  })
  .partial();

export type Oauth2FormInput = z.infer<typeof oauth2FormSchema>;

/**
 * OAuth2 / OpenID Connect sign-in: ShowDoc's oauth2_form fields, plus Quire's `issuer` (when set,
 * the provider's endpoints and keys come from OIDC discovery and the ID token is checked).
 */
export interface Oauth2Form {
  client_id: string;
  client_secret: string;
  /** the callback registered at the provider; empty = <site URL>/api/extLogin/oauth2 */
  redirectUri: string;
  protocol: 'http' | 'https';
  host: string;
  authorize_path: string;
  token_path: string;
  resource_path: string;
  /** a path on host, or an absolute URL */
  userinfo_path: string;
  scope: string;
  /** the login page's button text */
  entrance_tips: string;
  logout_redirect_uri: string;
  /** Quire: the OpenID Connect issuer URL (discovery); empty = plain OAuth2 with the paths above */
  issuer: string;
}

/** The OAuth2 form as the console reads it: the client secret never leaves the server. */
export interface Oauth2FormView extends Omit<Oauth2Form, 'client_secret'> {
  client_secret: '';
  has_client_secret: 0 | 1;
  /** the callback URL to register at the provider (redirectUri, or the site's own) */
  callback_url: string;
}

export interface Oauth2Config {
  oauth2_open: 0 | 1;
  oauth2_form: Oauth2FormView;
}

export const loadOauth2Config = endpoint<Oauth2Config>()('adminSetting/loadOauth2Config', {});
/** Checks the form (and, for an OpenID Connect issuer being switched on, its discovery document); nothing is saved on error. */
export const saveOauth2Config = endpoint<Oauth2Config>()('adminSetting/saveOauth2Config', {
  oauth2_open: flagIfSent(),
  oauth2_form: json(oauth2FormSchema, { max: 20_000 }),
});
