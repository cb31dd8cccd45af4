// /api/adminSetting/getLoginSecretKey|resetLoginSecretKey|syncLdapUsers — accounts that come from
// elsewhere (#23): the key behind sign-in links, and the directory's users. Administrators only.
import { action, controller } from '../http/action';
import { loginSecretKey, resetLoginSecretKey as newLoginSecretKey } from '../domain/secretKeySignIn';
import { syncLdapUsers as syncDirectory } from '../domain/ldapSync';
import * as api from '../../shared/api/secretKeyLogin';
import * as ldapApi from '../../shared/api/ldapSync';

const getLoginSecretKey = action(api.getLoginSecretKey, {
  auth: 'admin',
  async run(req) {
    return { login_secret_key: await loginSecretKey(req.deps) };
  },
});

const resetLoginSecretKey = action(api.resetLoginSecretKey, {
  auth: 'admin',
  async run(req) {
    return { login_secret_key: await newLoginSecretKey(req.deps) };
  },
});

/** Creates local accounts for the directory's people now (not only at their first login). */
const syncLdapUsers = action(ldapApi.syncLdapUsers, {
  auth: 'admin',
  async run(req) {
    return syncDirectory(req.deps);
  },
});

export default controller('adminSetting', { getLoginSecretKey, resetLoginSecretKey, syncLdapUsers });
