// /api/common/*: captcha, QR code, home page setting, version; visitFile is in ./visitFile.ts.
import { endpoint } from '../contract';
import { int, text } from '../fields';

export interface NewCaptcha {
  captcha_id: string;
}

export interface HomePageSetting {
  /** 1 landing page, 2 login page, 3 an item (home_item) */
  home_page: number;
  home_item: number;
  register_open: 0 | 1;
  /** how new accounts start: at once, after confirming their email, after an administrator's approval */
  register_mode: 'open' | 'email' | 'approval';
  /** Quire: 1 when this site can mail links (a mail server and the site address are set) */
  mail_enabled: 0 | 1;
  /** ShowDoc's fields, always empty here */
  beian: '';
  is_show_ai: 0;
}

export interface Version {
  version: string;
}

/** The legacy captcha: a PNG (not the envelope); its id travels in a cookie and the X-Captcha-Id header. */
export const verify = endpoint<never>()('common/verify', {});

/** ShowDoc 3.x flow: createCaptcha → {captcha_id}, then showCaptcha?captcha_id= → the picture. */
export const createCaptcha = endpoint<NewCaptcha>()('common/createCaptcha', {});

/** A PNG (not the envelope). */
export const showCaptcha = endpoint<never>()('common/showCaptcha', { captcha_id: text({ max: 64 }) });

export const homePageSetting = endpoint<HomePageSetting>()('common/homePageSetting', {});

/** A PNG of the URL's QR code (not the envelope); size 1 to 20 (scale). */
export const qrcode = endpoint<never>()('common/qrcode', { url: text({ max: 2000, required: true }), size: int({ def: 6 }) });

export const version = endpoint<Version>()('common/version', {});
