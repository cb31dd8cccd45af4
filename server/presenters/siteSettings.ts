// Site settings → what the admin console reads: every option, secrets replaced by '' plus a has_* flag.
import type { SiteSettings } from '../lib/siteSettings';
import type { LdapConfig, Oauth2Config, SiteConfig } from '../../shared/api/adminSetting';
import type { OauthInfo } from '../../shared/api/user';

export function presentLdapConfig(s: SiteSettings): LdapConfig {
  return {
    ldap_open: s.ldap_open ? 1 : 0,
    ldap_form: { ...s.ldap_form, bind_password: '', has_bind_password: s.ldap_form.bind_password ? 1 : 0 },
  };
}

/** `mail`: whether this server sends mail (SMTP from the environment) and its PUBLIC_URL. */
export function presentSiteConfig(s: SiteSettings, mail: { smtp: boolean; publicUrl: string }): SiteConfig {
  const ldap = presentLdapConfig(s);
  return {
    register_open: s.register_open ? 1 : 0,
    register_mode: s.register_mode,
    home_page: s.home_page,
    home_item: s.home_item,
    ldap_open: ldap.ldap_open,
    ldap_form: ldap.ldap_form,
    oss_open: s.oss_open ? 1 : 0,
    oss_setting: {
      ...s.oss_setting,
      secret: '',
      secretKey: '',
      has_secret: s.oss_setting.secret ? 1 : 0,
      has_secretKey: s.oss_setting.secretKey ? 1 : 0,
    },
    history_version_count: s.history_version_count,
    upload_max_mb: s.upload_max_mb,
    user_upload_quota_mb: s.user_upload_quota_mb,
    site_upload_quota_mb: s.site_upload_quota_mb,
    force_login: s.force_login ? 1 : 0,
    enable_public_square: s.enable_public_square ? 1 : 0,
    site_url: s.site_url,
    session_expire_days: s.session_expire_days,
    mail_configured: mail.smtp ? 1 : 0,
    public_url: mail.publicUrl,
  };
}

/** The OAuth2 form as the console reads it: the client secret replaced by '' and has_client_secret. */
export function presentOauth2Config(s: SiteSettings, callbackUrl: string): Oauth2Config {
  return {
    oauth2_open: s.oauth2_open ? 1 : 0,
    oauth2_form: { ...s.oauth2_form, client_secret: '', has_client_secret: s.oauth2_form.client_secret ? 1 : 0, callback_url: callbackUrl },
  };
}

/** What the login page reads (user/oauthInfo). */
export function presentOauthInfo(s: SiteSettings): OauthInfo {
  return { oauth2_open: s.oauth2_open ? 1 : 0, oauth2_entrance_tips: s.oauth2_open ? s.oauth2_form.entrance_tips : '' };
}
