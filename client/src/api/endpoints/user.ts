// /api/user/*
import { call, type CallOptions } from '../http';
import type { LoginUser, UserInfo, WaitingAccount } from '../types';
import { ErrorCode } from '@shared/errors';

/** Account forms show every error inline (captcha codes also reveal the code image). */
const formOpts: CallOptions = { expect: 'all', redirectLogin: false };

export const login = (p: { username: string; password: string; v_code?: string }) => call<LoginUser>('user/login', p, formOpts);

/** A logged-in user, or the account that now waits for its approval or email confirmation. */
export const register = (p: { username: string; password: string; confirm_password: string; v_code: string; email?: string }) =>
  call<LoginUser | WaitingAccount>('user/register', p, formOpts);

export const isWaiting = (r: LoginUser | WaitingAccount): r is WaitingAccount => 'awaiting' in r && !!r.awaiting;

/** `redirectLogin: false` asks who is logged in without being sent to the login screen. */
export const info = (redirectLogin = true) =>
  call<UserInfo>('user/info', redirectLogin ? {} : { redirect_login: false }, { redirectLogin, loading: false, expect: redirectLogin ? [] : [ErrorCode.NOT_LOGGED_IN] });

export const resetPassword = (p: { password: string; new_password: string }) => call('user/resetPassword', p);
export const updateEmail = (p: { email: string; password: string }) => call('user/updateEmail', p);
export const updateInfo = (p: { name: string }) => call('user/updateInfo', p);
export const resetPasswordEmail = (p: { email: string; v_code: string }) =>
  call('user/resetPasswordEmail', p, formOpts);
export const resetPasswordByUrl = (p: { new_password: string; uid: string; email: string; token: string }) =>
  call('user/resetPasswordByUrl', p, formOpts);
export const logout = () => call('user/logout', {}, { silent: true });
export const allUser = (username = '') => call<Array<{ uid: number; username: string; name?: string }>>('user/allUser', { username });
