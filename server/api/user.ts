// /api/user/* — accounts (spec §7 "Common and user").
import { action, controller, rawReply, type ActionRequest } from '../http/action';
import { checkCaptcha } from '../auth/captcha';
import { captchaProofOf } from '../http/captchaCookie';
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
import * as api from '../../shared/api/user';
import type { ParamsOut } from '../../shared/api/contract';
import { presentOauthInfo } from '../presenters/siteSettings';
import { presentEmailChange, presentFoundUser, presentLogin, presentMailQueued, presentNewToken, presentUserInfo, presentWaiting } from '../presenters/user';

const notLoggedIn = () => new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');

async function register(req: ActionRequest, p: ParamsOut<typeof api.register>) {
  const { deps, ctx } = req;
  await enforce(deps.db, LIMITS.registerPerIp, req.ip, deps.now());
  if (!p.username) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: 'username' });
  await checkCaptcha(deps.db, captchaProofOf(ctx, p), deps.now(), deps.config.testCaptcha);
  await enforce(deps.db, LIMITS.accountsPerIp, req.ip, deps.now());
  const r = await accounts.register(deps, { username: p.username, password: p.password, confirm: p.confirm_password, email: p.email, ip: req.ip });
  if (r.token === null) return presentWaiting(r.user, r.awaiting);
  setTokenCookie(ctx, r.token, await tokenLifetimeSeconds(deps));
  return presentLogin(r.user, r.token);
}

async function login(req: ActionRequest, p: ParamsOut<typeof api.login>) {
  const { deps, ctx } = req;
  if (!p.username || !p.password) throw new ApiError(ErrorCode.WRONG_CREDENTIALS, 'Wrong username or password');
  const now = deps.now();
  await enforce(deps.db, LIMITS.loginPerIp, req.ip, now);
  await enforce(deps.db, LIMITS.loginPerAccount, p.username.toLowerCase(), now);
  if (await accounts.loginNeedsCaptcha(deps, p.username, req.ip)) {
    await checkCaptcha(deps.db, captchaProofOf(ctx, p), now, deps.config.testCaptcha);
  }
  const { user, token } = await accounts.login(deps, p.username, p.password, req.ip);
  setTokenCookie(ctx, token, await tokenLifetimeSeconds(deps));
  return presentLogin(user, token);
}

const logout = action(api.logout, {
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

const info = action(api.info, {
  auth: 'required',
  async run(req) {
    const u = await accounts.findUserById(req.deps, req.me().uid);
    if (!u) throw notLoggedIn();
    return presentUserInfo(u);
  },
});

const updateInfo = action(api.updateInfo, {
  auth: 'required',
  async run(req, p) {
    await accounts.updateName(req.deps, req.me().uid, p.name);
    return [];
  },
});

const resetPassword = action(api.resetPassword, {
  auth: 'required',
  async run(req, p) {
    const token = await accounts.changePassword(req.deps, req.me().uid, p.password, p.new_password, req.ip);
    setTokenCookie(req.ctx, token, await tokenLifetimeSeconds(req.deps));
    return presentNewToken(token);
  },
});

const NO_MAIL_SERVER = 'This site cannot send mail (no mail server is configured): your address is saved, but no confirmation mail was sent';

const updateEmail = action(api.updateEmail, {
  auth: 'required',
  async run(req, p) {
    const { deps } = req;
    await accounts.updateEmail(deps, req.me().uid, p.email, p.password);
    // the address is bound either way (it also signs in); the answer says plainly when no mail went out
    const cannotMail = (template: string, vars?: Record<string, string | number>) =>
      presentEmailChange(p.email, { sent: false, error: { code: ErrorCode.MAIL_UNAVAILABLE, message: localize(template, req.lang, vars) } });
    if (!deps.config.smtp) return cannotMail(NO_MAIL_SERVER);
    // the confirmation link needs the configured site URL
    const base = await accountMails.requireMailLinks(deps).catch((e: ApiError) => e);
    if (base instanceof ApiError) return cannotMail(base.template, base.vars);
    const user = await accounts.findUserById(deps, req.me().uid);
    if (!user) throw notLoggedIn();
    accountMails.queueConfirmationMail(deps, user, base);
    return presentEmailChange(p.email, { sent: true });
  },
});

/** Our extension: the link from the confirmation mail. */
const verifyEmail = action(api.verifyEmail, {
  auth: 'optional',
  async run(req, p) {
    const user = await accounts.consumeMailToken(req.deps, p.uid, p.email, p.token, 'verify');
    const activated = await accounts.markEmailVerified(req.deps, user.uid);
    // a new account confirmed by this link logs in now; a bound address shows in the settings
    const next = activated ? '/user/login?email_verified=1' : '/user/setting?email_verified=1';
    return rawReply({ status: 302, type: 'text/plain; charset=utf-8', body: 'Email verified', headers: { Location: next } });
  },
});

const resetPasswordEmail = action(api.resetPasswordEmail, {
  auth: 'optional',
  async run(req, p) {
    const { deps } = req;
    const now = deps.now();
    await enforce(deps.db, LIMITS.resetPerIp, req.ip, now);
    accounts.validateEmail(p.email);
    await checkCaptcha(deps.db, captchaProofOf(req.ctx, p), now, deps.config.testCaptcha);
    await accountMails.requireMailLinks(deps);
    await enforce(deps.db, LIMITS.resetPerAccount, p.email.toLowerCase(), now);
    // the same answer, as fast, for known and unknown addresses (no account enumeration): the
    // account is looked up and mailed after the answer
    await accountMails.queueResetMail(deps, p.email);
    return presentMailQueued();
  },
});

const resetPasswordByUrl = action(api.resetPasswordByUrl, {
  auth: 'optional',
  async run(req, p) {
    const { deps } = req;
    await enforce(deps.db, LIMITS.resetPerIp, req.ip, deps.now());
    accounts.validatePassword(p.new_password);
    const user = await accounts.consumeMailToken(deps, p.uid, p.email, p.token, 'reset');
    await accounts.setPassword(deps, user.uid, p.new_password);
    if (!user.emailVerify) await accounts.markEmailVerified(deps, user.uid);
    return [];
  },
});

const allUser = action(api.allUser, {
  auth: 'required',
  async run(req, p) {
    return (await searchPeople(req.deps, req.me(), p.username)).map(presentFoundUser);
  },
});

/** The login page's single sign-on button: on or off, and its text (no login). */
const oauthInfo = action(api.oauthInfo, {
  auth: 'optional',
  async run(req) {
    return presentOauthInfo(await req.deps.settings.get());
  },
});

export default controller('user', {
  register: action(api.register, { auth: 'optional', run: register }),
  registerByVerify: action(api.registerByVerify, { auth: 'optional', run: register }),
  login: action(api.login, { auth: 'optional', run: login }),
  loginByVerify: action(api.loginByVerify, { auth: 'optional', run: login }),
  logout,
  info,
  updateInfo,
  resetPassword,
  updateEmail,
  verifyEmail,
  resetPasswordEmail,
  resetPasswordByUrl,
  allUser,
  oauthInfo,
});
