// /api/common/*, /api/ScriptCron/run, /api/update/checkDb
import { apiUrl, callAction } from '../http';
import type * as commonApi from '@shared/api/common';
import type * as scriptCronApi from '@shared/api/scriptCron';
import type * as updateApi from '@shared/api/update';

export const homePageSetting = () => callAction<typeof commonApi.homePageSetting>('common/homePageSetting', {}, { loading: false });

/** The captcha image; a new random query gives a new code (the answer travels as v_code). */
export const captchaImageUrl = (nonce: string | number) => apiUrl('common/verify', { r: nonce });

export const qrcodeUrl = (url: string, size = 6) => apiUrl('common/qrcode', { url, size });

/** Housekeeping triggers ShowDoc clients send on login and item list load (never shown to the user). */
export const runScriptCron = () => callAction<typeof scriptCronApi.run>('scriptCron/run', {}, { silent: true, loading: false });
export const checkDb = () => callAction<typeof updateApi.checkDb>('update/checkDb', {}, { silent: true, loading: false });
