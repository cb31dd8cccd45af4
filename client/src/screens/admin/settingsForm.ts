// Site settings form <-> adminSetting/loadConfig|saveConfig (spec §3 site config, showdoc §7.10).

export interface LdapForm {
  host: string;
  port: number;
  version: number;
  base_dn: string;
  bind_dn: string;
  bind_password: string;
  search_filter: string;
  user_field: string;
  name_field: string;
  has_bind_password?: boolean;
}

export interface OssSetting {
  oss_type: string;
  key: string;
  secret: string;
  endpoint: string;
  bucket: string;
  protocol: string;
  domain: string;
  region: string;
  secretId: string;
  secretKey: string;
  subcat: string;
  /** the server keeps a stored secret when an empty one is sent; these say whether one is stored */
  has_secret?: boolean;
  has_secretKey?: boolean;
}

export interface SettingsValues {
  register_open: boolean;
  /** how new accounts start: at once, after confirming their email, after an administrator's approval */
  register_mode: RegisterMode;
  home_page: number;
  home_item?: string;
  site_url: string;
  force_login: boolean;
  /** the public square lists every public item (#23) */
  enable_public_square: boolean;
  history_version_count?: number;
  upload_max_mb?: number;
  /** MB; 0 = unlimited */
  user_upload_quota_mb?: number;
  site_upload_quota_mb?: number;
  /** login tokens expire after this many days without use */
  session_expire_days?: number;
  ldap_open: boolean;
  ldap_form: LdapForm;
  oss_open: boolean;
  oss_setting: OssSetting;
}

export const OSS_TYPES = ['s3_storage', 'aliyun', 'qiniu', 'qcloud'] as const;
export const REGISTER_MODES = ['open', 'email', 'approval'] as const;
export type RegisterMode = (typeof REGISTER_MODES)[number];
export const HOME_PAGE_MODES = [1, 2, 3] as const;

const on = (v: unknown, dflt: boolean) => (v === undefined || v === null || v === '' ? dflt : v === true || v === 1 || v === '1' || v === 'true');
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const posInt = (v: unknown) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : undefined);
const nonNegInt = (v: unknown) => (v !== null && v !== '' && Number.isInteger(Number(v)) && Number(v) >= 0 ? Number(v) : undefined);
const obj = (v: unknown): Record<string, unknown> => {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      return JSON.parse(v);
    } catch {}
  }
  return {};
};

/** Form values from loadConfig (which answers [] on a fresh install): defaults of spec §9 (LDAP port 389, version 3). */
export function toFormValues(raw: unknown): SettingsValues {
  const c = obj(raw);
  const l = obj(c.ldap_form);
  const o = obj(c.oss_setting);
  const homePage = Number(c.home_page);
  return {
    register_open: on(c.register_open, true),
    register_mode: (REGISTER_MODES as readonly string[]).includes(str(c.register_mode)) ? (str(c.register_mode) as RegisterMode) : 'open',
    home_page: (HOME_PAGE_MODES as readonly number[]).includes(homePage) ? homePage : 1,
    home_item: c.home_item !== undefined && c.home_item !== null && str(c.home_item) !== '' && str(c.home_item) !== '0' ? str(c.home_item) : undefined,
    site_url: str(c.site_url),
    force_login: on(c.force_login, false),
    enable_public_square: on(c.enable_public_square, false),
    history_version_count: posInt(c.history_version_count),
    upload_max_mb: posInt(c.upload_max_mb),
    user_upload_quota_mb: nonNegInt(c.user_upload_quota_mb),
    site_upload_quota_mb: nonNegInt(c.site_upload_quota_mb),
    session_expire_days: posInt(c.session_expire_days),
    ldap_open: on(c.ldap_open, false),
    ldap_form: {
      host: str(l.host),
      port: Number(l.port) > 0 ? Number(l.port) : 389,
      version: Number(l.version) === 2 ? 2 : 3,
      base_dn: str(l.base_dn),
      bind_dn: str(l.bind_dn),
      bind_password: str(l.bind_password),
      search_filter: str(l.search_filter) || '(cn=*)',
      user_field: str(l.user_field) || 'cn',
      name_field: str(l.name_field),
      has_bind_password: on(l.has_bind_password, false),
    },
    oss_open: on(c.oss_open, false),
    oss_setting: {
      oss_type: (OSS_TYPES as readonly string[]).includes(str(o.oss_type)) ? str(o.oss_type) : 's3_storage',
      key: str(o.key),
      secret: str(o.secret),
      endpoint: str(o.endpoint),
      bucket: str(o.bucket),
      protocol: str(o.protocol) === 'http' ? 'http' : 'https',
      domain: str(o.domain),
      region: str(o.region),
      secretId: str(o.secretId),
      secretKey: str(o.secretKey),
      subcat: str(o.subcat),
      has_secret: on(o.has_secret, false),
      has_secretKey: on(o.has_secretKey, false),
    },
  };
}

/**
 * saveConfig parameters: the whole form. Keys the form does not show (loaded from the server) are
 * sent back unchanged so saving never clears them; switches travel as 1/0, forms as JSON objects.
 */
export function toSavePayload(loaded: unknown, v: SettingsValues): Record<string, unknown> {
  const base = obj(loaded);
  const strip = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('has_')));
  const out: Record<string, unknown> = {
    ...base,
    register_open: v.register_open ? 1 : 0,
    register_mode: v.register_mode,
    home_page: v.home_page,
    site_url: v.site_url.trim(),
    force_login: v.force_login ? 1 : 0,
    enable_public_square: v.enable_public_square ? 1 : 0,
    ldap_open: v.ldap_open ? 1 : 0,
    ldap_form: strip({ ...obj(base.ldap_form), ...v.ldap_form, port: Number(v.ldap_form.port) || 389, version: Number(v.ldap_form.version) === 2 ? 2 : 3 }),
    oss_open: v.oss_open ? 1 : 0,
    oss_setting: strip({ ...obj(base.oss_setting), ...v.oss_setting }),
  };
  const homeItem = posInt(v.home_page === 3 ? v.home_item : (v.home_item ?? base.home_item));
  if (homeItem) out.home_item = homeItem;
  else delete out.home_item;
  for (const k of ['history_version_count', 'upload_max_mb', 'session_expire_days'] as const) {
    const n = posInt(v[k] ?? base[k]);
    if (n) out[k] = n;
    else delete out[k];
  }
  for (const k of ['user_upload_quota_mb', 'site_upload_quota_mb'] as const) {
    const n = nonNegInt(v[k] ?? base[k]);
    if (n !== undefined) out[k] = n;
    else delete out[k];
  }
  return out;
}
