// Accounts and notices that reach outside (#23): the notice webhook (user/*PushUrl), the secret key
// of sign-in links and the LDAP user sync (adminSetting/*).
import { callAction } from '../http';
import type * as pushUrlApi from '@shared/api/pushUrl';
import type * as secretKeyApi from '@shared/api/secretKeyLogin';
import type * as ldapSyncApi from '@shared/api/ldapSync';

export const getPushUrl = () => callAction<typeof pushUrlApi.getPushUrl>('user/getPushUrl', {}, { loading: false });
export const savePushUrl = (push_url: string) => callAction<typeof pushUrlApi.savePushUrl>('user/savePushUrl', { push_url });

export const getLoginSecretKey = () => callAction<typeof secretKeyApi.getLoginSecretKey>('adminSetting/getLoginSecretKey', {}, { loading: false });
export const resetLoginSecretKey = () => callAction<typeof secretKeyApi.resetLoginSecretKey>('adminSetting/resetLoginSecretKey', {});

export const syncLdapUsers = () => callAction<typeof ldapSyncApi.syncLdapUsers>('adminSetting/syncLdapUsers', {}, { timeoutMs: 120_000 });
