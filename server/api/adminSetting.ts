// /api/adminSetting/* — site settings (spec §7 Admin, showdoc-behaviour §7.10). Administrators only (10103).
import { action, controller } from '../http/action';
import type { Params } from '../http/params';
import { ldapFormSchema, ossSettingSchema, presentSettings, saveSiteSettings, type SettingsPatch } from '../domain/admin/siteSettings';

const boolIf = (p: Params, name: string) => (p.has(name) ? p.bool(name) : undefined);
const intIf = (p: Params, name: string) => (p.has(name) && p.str(name) !== '' ? p.int(name) : undefined);

function readPatch(p: Params): SettingsPatch {
  return {
    register_open: boolIf(p, 'register_open'),
    register_mode: p.has('register_mode') ? p.str('register_mode', { max: 20 }) : undefined,
    home_page: intIf(p, 'home_page'),
    home_item: p.has('home_item') ? p.id('home_item') : undefined,
    ldap_open: boolIf(p, 'ldap_open'),
    ldap_form: p.json('ldap_form', ldapFormSchema, { max: 20_000 }),
    oss_open: boolIf(p, 'oss_open'),
    oss_setting: p.json('oss_setting', ossSettingSchema, { max: 20_000 }),
    history_version_count: intIf(p, 'history_version_count'),
    upload_max_mb: intIf(p, 'upload_max_mb'),
    user_upload_quota_mb: intIf(p, 'user_upload_quota_mb'),
    site_upload_quota_mb: intIf(p, 'site_upload_quota_mb'),
    force_login: boolIf(p, 'force_login'),
    site_url: p.has('site_url') ? p.str('site_url', { max: 500 }) : undefined,
    session_expire_days: intIf(p, 'session_expire_days'),
  };
}

/** Also tells the console whether mailed links can work: mail from the environment, PUBLIC_URL or site_url. */
const mailState = (req: { deps: { config: { smtp: unknown; publicUrl: string } } }) => ({
  mail_configured: req.deps.config.smtp ? 1 : 0,
  public_url: req.deps.config.publicUrl,
});

const loadConfig = action({
  auth: 'admin',
  async run(req) {
    return { ...presentSettings(await req.deps.settings.get()), ...mailState(req) };
  },
});

const saveConfig = action({
  auth: 'admin',
  async run(req) {
    return { ...presentSettings(await saveSiteSettings(req.deps, readPatch(req.params))), ...mailState(req) };
  },
});

/** ShowDoc's separate LDAP form: {ldap_open, ldap_form}. */
const loadLdapConfig = action({
  auth: 'admin',
  async run(req) {
    const s = presentSettings(await req.deps.settings.get());
    return { ldap_open: s.ldap_open, ldap_form: s.ldap_form };
  },
});

const saveLdapConfig = action({
  auth: 'admin',
  async run(req) {
    const p = req.params;
    const s = presentSettings(
      await saveSiteSettings(req.deps, { ldap_open: boolIf(p, 'ldap_open'), ldap_form: p.json('ldap_form', ldapFormSchema, { max: 20_000 }) }),
    );
    return { ldap_open: s.ldap_open, ldap_form: s.ldap_form };
  },
});

export default controller('adminSetting', { loadConfig, saveConfig, loadLdapConfig, saveLdapConfig });
