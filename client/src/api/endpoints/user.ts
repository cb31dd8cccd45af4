// /api/user/*
import { callAction, type CallOptions } from '../http';
import type * as userApi from '@shared/api/user';
import type { LoginUser, WaitingAccount } from '@shared/api/user';
import { ErrorCode } from '@shared/errors';

/** Account forms show every error inline (captcha codes also reveal the code image). */
const formOpts: CallOptions = { expect: 'all', redirectLogin: false };

export const login = (p: { username: string; password: string; v_code?: string }) => callAction<typeof userApi.login>('user/login', p, formOpts);

/** A logged-in user, or the account that now waits for its approval or email confirmation. */
export const register = (p: { username: string; password: string; confirm_password: string; v_code: string; email?: string }) =>
  callAction<typeof userApi.register>('user/register', p, formOpts);

export const isWaiting = (r: LoginUser | WaitingAccount): r is WaitingAccount => 'awaiting' in r && !!r.awaiting;

/** `redirectLogin: false` asks who is logged in without being sent to the login screen. */
export const info = (redirectLogin = true) =>
  callAction<typeof userApi.info>('user/info', redirectLogin ? {} : { redirect_login: false }, {
    redirectLogin,
    loading: false,
    expect: redirectLogin ? [] : [ErrorCode.NOT_LOGGED_IN],
  });

/** user/info with the account fields of the settings screen (email, email_verify, name). */
export const myInfo = () => callAction<typeof userApi.info>('user/info', {}, { loading: false });

export const resetPassword = (p: { password: string; new_password: string }) => callAction<typeof userApi.resetPassword>('user/resetPassword', p);
export const updateEmail = (p: { email: string; password: string }) => callAction<typeof userApi.updateEmail>('user/updateEmail', p);
export const updateInfo = (p: { name: string }) => callAction<typeof userApi.updateInfo>('user/updateInfo', p);
export const resetPasswordEmail = (p: { email: string; v_code: string }) => callAction<typeof userApi.resetPasswordEmail>('user/resetPasswordEmail', p, formOpts);
export const resetPasswordByUrl = (p: { new_password: string; uid: string; email: string; token: string }) =>
  callAction<typeof userApi.resetPasswordByUrl>('user/resetPasswordByUrl', p, formOpts);
/** Whether the login page shows the single sign-on button, and its text. */
export const oauthInfo = () => callAction<typeof userApi.oauthInfo>('user/oauthInfo', {}, { silent: true, loading: false });
export const logout = () => callAction<typeof userApi.logout>('user/logout', {}, { silent: true });
export const allUser = (username = '') => callAction<typeof userApi.allUser>('user/allUser', { username });
