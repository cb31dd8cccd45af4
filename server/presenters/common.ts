// The common controller's answers.
import type { SiteSettings } from '../lib/siteSettings';
import type { HomePageSetting, NewCaptcha, Version } from '../../shared/api/common';

export const presentNewCaptcha = (captchaId: string): NewCaptcha => ({ captcha_id: captchaId });

export function presentHomePageSetting(s: SiteSettings, mailEnabled: boolean): HomePageSetting {
  return {
    home_page: s.home_page,
    home_item: s.home_item,
    register_open: s.register_open ? 1 : 0,
    register_mode: s.register_mode,
    mail_enabled: mailEnabled ? 1 : 0,
    beian: '',
    is_show_ai: 0,
  };
}

export const presentVersion = (version: string): Version => ({ version });
