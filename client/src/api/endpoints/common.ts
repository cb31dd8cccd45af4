// /api/common/*, /api/ScriptCron/run, /api/update/checkDb
import { apiUrl, call } from '../http';
import type { HomePageSetting } from '../types';

export const homePageSetting = () => call<HomePageSetting>('common/homePageSetting', {}, { loading: false });

/** The captcha image; a new random query gives a new code (the answer travels as v_code). */
export const captchaImageUrl = (nonce: string | number) => apiUrl('common/verify', { r: nonce });

export const qrcodeUrl = (url: string, size = 6) => apiUrl('common/qrcode', { url, size });

/** Housekeeping triggers ShowDoc clients send on login and item list load (never shown to the user). */
export const runScriptCron = () => call('ScriptCron/run', {}, { silent: true, loading: false });
export const checkDb = () => call('update/checkDb', {}, { silent: true, loading: false });
