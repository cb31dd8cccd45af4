// /api/user/* — accounts (spec §7 "Common and user").
import { action, controller, rawReply } from '../http/action';
import { checkCaptcha } from '../auth/captcha';
import { captchaProof } from '../http/captchaCookie';
import { clearTokenCookie, setTokenCookie } from '../http/authenticate';
import { enforce, LIMITS } from '../auth/throttle';
import * as accounts from '../domain/accounts';
import { revokeToken } from '../auth/tokens';
import * as accountMails from '../domain/accountMails';
import { tokenLifetimeSeconds } from '../auth/session';
import { searchPeople } from '../domain/members/userSearch';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { localize } from '../../shared/messages';
import { sqlText } from './adminParams';

const register = action({
  auth: 'optional',
  async run(req) {
    const { deps, params, ctx } = req;
    await enforce(deps.db, LIMITS.registerPerIp, req.ip, deps.now());
    const username = sqlText(params, 'username', { max: 50 });
    const password = params.str('password', { raw: true, max: 128 });
    const confirm = params.str('confirm_password', { raw: true, max: 128 });
    if (!username) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'username' });
    const email = sqlText(params, 'email', { max: 254 });
    await checkCaptcha(deps.db, captchaProof(req), deps.now(), deps.config.testCaptcha);
    await enforce(deps.db, LIMITS.accountsPerIp, req.ip, deps.now());
    const { user, token, awaiting } = await accounts.register(deps, { username, password, confirm, email, ip: req.ip });
    if (!token) return { uid: user.uid, username: user.username, email: user.email, awaiting };
    setTokenCookie(ctx, token, await tokenLifetimeSeconds(deps));
    return accounts.presentLogin(user, token);
  },
});

const login = action({
  auth: 'optional',
  async run(req) {
    const { deps, params, ctx } = req;
    const name = sqlText(params, 'username', { max: 254 });
    const password = params.str('password', { raw: true, max: 128 });
    if (!name || !password) throw new ApiError(ErrorCode.WRONG_CREDENTIALS, 'Wrong username or password');
    const now = deps.now();
    await enforce(deps.db, LIMITS.loginPerIp, req.ip, now);
    await enforce(deps.db, LIMITS.loginPerAccount, name.toLowerCase(), now);
    if (await accounts.loginNeedsCaptcha(deps, name, req.ip)) {
      await checkCaptcha(deps.db, captchaProof(req), now, deps.config.testCaptcha);
    }
    const { user, token } = await accounts.login(deps, name, password, req.ip);
    setTokenCookie(ctx, token, await tokenLifetimeSeconds(deps));
    return accounts.presentLogin(user, token);
  },
});

const logout = action({
  auth: 'optional',
  async run(req) {
    // only a valid session ends one: a cookie sent by another site (req.user null) cannot log anyone out
    if (req.token && req.user) {
      await revokeToken(req.deps.db, req.token);
      req.deps.events.emit('user.tokensRevoked', { uid: req.user.uid });
    }
    clearTokenCookie(req.ctx);
    return [];
  },
});

const info = action({
  auth: 'required',
  async run(req) {
    const u = await accounts.findUserById(req.deps, req.me().uid);
    if (!u) throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');
    return {
      uid: u.uid,
      username: u.username,
      name: u.name,
      email: u.email,
      email_verify: u.emailVerify,
      groupid: u.groupid,
      avatar: '',
      avatar_small: '',
      reg_time: u.regTime,
      last_login_time: u.lastLoginTime,
      is_ldap: u.source === 'ldap' ? 1 : 0,
    };
  },
});

const updateInfo = action({
  auth: 'required',
  async run(req) {
    await accounts.updateName(req.deps, req.me().uid, sqlText(req.params, 'name', { max: 200 }));
    return [];
  },
});

const resetPassword = action({
  auth: 'required',
  async run(req) {
    const { deps, params } = req;
    const oldPassword = params.str('password', { raw: true, max: 128 });
    const newPassword = params.str('new_password', { raw: true, max: 128 });
    const token = await accounts.changePassword(deps, req.me().uid, oldPassword, newPassword, req.ip);
    setTokenCookie(req.ctx, token, await tokenLifetimeSeconds(deps));
    return { user_token: token };
  },
});

const updateEmail = action({
  auth: 'required',
  async run(req) {
    const { deps, params } = req;
    const email = sqlText(params, 'email', { max: 254 });
    const password = params.str('password', { raw: true, max: 128 });
    const result = await accounts.updateEmail(deps, req.me().uid, email, password);
    if (!deps.config.smtp) return { ...result, mail_sent: false };
    // the address is bound either way; the confirmation link needs the configured site URL
    const base = await accountMails.requireMailLinks(deps).catch((e: ApiError) => e);
    if (base instanceof ApiError) return { ...result, mail_sent: false, mail_error: localize(base.template, req.lang, base.vars) };
    accountMails.queueConfirmationMail(deps, (await accounts.findUserById(deps, req.me().uid))!, base);
    return { ...result, mail_sent: true };
  },
});

/** Our extension: the link from the confirmation mail. */
const verifyEmail = action({
  auth: 'optional',
  async run(req) {
    const { deps, params } = req;
    const user = await accounts.consumeMailToken(deps, params.id('uid'), sqlText(params, 'email'), params.str('token'), 'verify');
    const activated = await accounts.markEmailVerified(deps, user.uid);
    // a new account confirmed by this link logs in now; a bound address shows in the settings
    const next = activated ? '/user/login?email_verified=1' : '/user/setting?email_verified=1';
    return rawReply({ status: 302, type: 'text/plain; charset=utf-8', body: 'Email verified', headers: { Location: next } });
  },
});

const resetPasswordEmail = action({
  auth: 'optional',
  async run(req) {
    const { deps, params } = req;
    const now = deps.now();
    await enforce(deps.db, LIMITS.resetPerIp, req.ip, now);
    const email = sqlText(params, 'email', { max: 254 });
    accounts.validateEmail(email);
    await checkCaptcha(deps.db, captchaProof(req), now, deps.config.testCaptcha);
    await accountMails.requireMailLinks(deps);
    await enforce(deps.db, LIMITS.resetPerAccount, email.toLowerCase(), now);
    // the same answer, as fast, for known and unknown addresses (no account enumeration): the
    // account is looked up and mailed after the answer
    await accountMails.queueResetMail(deps, email);
    return { sent: 1 };
  },
});

const resetPasswordByUrl = action({
  auth: 'optional',
  async run(req) {
    const { deps, params } = req;
    await enforce(deps.db, LIMITS.resetPerIp, req.ip, deps.now());
    const newPassword = params.str('new_password', { raw: true, max: 128 });
    accounts.validatePassword(newPassword);
    const user = await accounts.consumeMailToken(deps, params.id('uid'), sqlText(params, 'email'), params.str('token'), 'reset');
    await accounts.setPassword(deps, user.uid, newPassword);
    if (!user.emailVerify) await accounts.markEmailVerified(deps, user.uid);
    return [];
  },
});

const allUser = action({
  auth: 'required',
  async run(req) {
    return searchPeople(req.deps, req.me(), sqlText(req.params, 'username', { max: 50 }));
  },
});

export default controller('user', {
  register,
  registerByVerify: register,
  login,
  loginByVerify: login,
  logout,
  info,
  updateInfo,
  resetPassword,
  updateEmail,
  verifyEmail,
  resetPasswordEmail,
  resetPasswordByUrl,
  allUser,
});
