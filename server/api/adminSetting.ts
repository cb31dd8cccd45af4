// /api/adminSetting/* — site settings (spec §7 Admin, showdoc-behaviour §7.10). Administrators only (10103).
import { action, controller, type ActionRequest } from '../http/action';
import { saveSiteSettings } from '../domain/admin/siteSettings';
import * as api from '../../shared/api/adminSetting';
import type { SiteSettings } from '../lib/siteSettings';
import { saveOauth2Settings } from '../domain/admin/oauth2Settings';
import { ssoCallbackUrl } from '../http/siteUrl';
import { presentLdapConfig, presentOauth2Config, presentSiteConfig } from '../presenters/siteSettings';

/** The settings, and whether mailed links can work: mail from the environment, PUBLIC_URL or site_url. */
const siteConfig = (req: ActionRequest, s: SiteSettings) => presentSiteConfig(s, { smtp: !!req.deps.config.smtp, publicUrl: req.deps.config.publicUrl });

const loadConfig = action(api.loadConfig, {
  auth: 'admin',
  async run(req) {
    return siteConfig(req, await req.deps.settings.get());
  },
});

const saveConfig = action(api.saveConfig, {
  auth: 'admin',
  async run(req, p) {
    return siteConfig(req, await saveSiteSettings(req.deps, p));
  },
});

/** ShowDoc's separate LDAP form: {ldap_open, ldap_form}. */
const loadLdapConfig = action(api.loadLdapConfig, {
  auth: 'admin',
  async run(req) {
    return presentLdapConfig(await req.deps.settings.get());
  },
});

const saveLdapConfig = action(api.saveLdapConfig, {
  auth: 'admin',
  async run(req, p) {
    return presentLdapConfig(await saveSiteSettings(req.deps, { ldap_open: p.ldap_open, ldap_form: p.ldap_form }));
  },
});

/** ShowDoc's OAuth2 form: {oauth2_open, oauth2_form}; the client secret is never sent back. */
const oauth2Config = async (req: ActionRequest, s: SiteSettings) => presentOauth2Config(s, await ssoCallbackUrl(req.deps, req.ctx, s.oauth2_form.redirectUri));

const loadOauth2Config = action(api.loadOauth2Config, {
  auth: 'admin',
  async run(req) {
    return oauth2Config(req, await req.deps.settings.get());
  },
});

const saveOauth2Config = action(api.saveOauth2Config, {
  auth: 'admin',
  async run(req, p) {
    return oauth2Config(req, await saveOauth2Settings(req.deps, { oauth2_open: p.oauth2_open, oauth2_form: p.oauth2_form }));
  },
});

export default controller('adminSetting', { loadConfig, saveConfig, loadLdapConfig, saveLdapConfig, loadOauth2Config, saveOauth2Config });
