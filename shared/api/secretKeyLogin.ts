// ShowDoc's secret-key sign-in (#23): extLogin/bySecretKey (a link another system makes with the
// site's key) and the admin console's adminSetting/getLoginSecretKey|resetLoginSecretKey.
import { endpoint } from './contract';
import { text } from './fields';

export interface LoginSecretKey {
  login_secret_key: string;
}

/** GET link: signs the user in (session cookie) and answers 302 to `redirect` (a path here) or the item list */
export const bySecretKey = endpoint<never>()('extLogin/bySecretKey', {
  username: text({ max: 100 }),
  time: text({ max: 20 }),
  token: text({ max: 100 }),
  name: text({ max: 100 }),
  redirect: text({ max: 1000 }),
  /** sent by some ShowDoc integrations; not used */
  key: text({ max: 200 }),
});

export const getLoginSecretKey = endpoint<LoginSecretKey>()('adminSetting/getLoginSecretKey', {});
export const resetLoginSecretKey = endpoint<LoginSecretKey>()('adminSetting/resetLoginSecretKey', {});
