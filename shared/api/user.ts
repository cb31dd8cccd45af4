// /api/user/*: accounts (spec §7 "Common and user").
import { z } from 'zod';
import { endpoint, type NoData } from './contract';
import { id, text } from './fields';
import type { AsShowDoc } from '../dbText';

/** The caller's account after a login (or an open registration); the token also comes as the session cookie. */
export interface LoginUser {
  uid: number;
  username: string;
  name: string;
  /** 1 administrator, 2 ordinary user */
  groupid: number;
  avatar: string;
  avatar_small: string;
  email: string;
  /** > 0: verified (when) */
  email_verify: number;
  user_token: string;
}

/** As ShowDoc sends the login payload and user/info: uid and groupid as text (its user row); email_verify as it is. */
export type LoginUserAnswer = AsShowDoc<LoginUser>;
export type UserInfoAnswer = AsShowDoc<UserInfo, 'is_ldap'>;

/** user/register's answer when the new account must wait (no session yet). */
export interface WaitingAccount {
  uid: number;
  username: string;
  email: string;
  awaiting: 'approval' | 'email';
}

export interface UserInfo {
  uid: number;
  username: string;
  name: string;
  email: string;
  email_verify: number;
  groupid: number;
  avatar: string;
  avatar_small: string;
  /** unix seconds */
  reg_time: number;
  last_login_time: number;
  /** 1: the account logs in through LDAP */
  is_ldap: 0 | 1;
}

/** user/resetPassword: every other session ended; this one goes on with a new token. */
export interface NewToken {
  user_token: string;
}

export interface EmailChange {
  email: string;
  /** 0: the new address is not verified yet */
  email_verify: number;
  /** whether a confirmation link was queued */
  mail_sent: boolean;
  /** why no link could be sent (no mail server, or no site URL), in the caller's language */
  mail_error?: string;
  /** with mail_error: ErrorCode.MAIL_UNAVAILABLE */
  mail_error_code?: number;
}

export interface MailQueued {
  sent: 1;
}

/** user/allUser: someone the caller may pick as a member */
export interface FoundUser {
  uid: number;
  username: string;
  name: string;
}

/** Accepted and not read by the server (ShowDoc clients send it). */
const unread = <T>() => z.custom<T>(() => true).optional();

/** The captcha a form answers: `v_code` (or `captcha`), for `captcha_id` or the captcha cookie of common/verify. */
export const captchaFields = { v_code: text(), captcha: text(), captcha_id: text() };

const registerParams = {
  /** required (checked by the action, after the passwords are read) */
  username: text({ max: 50 }),
  password: text({ raw: true, max: 128 }),
  confirm_password: text({ raw: true, max: 128 }),
  /** needed when new accounts confirm their email and the username is no address */
  email: text({ max: 254 }),
  ...captchaFields,
};

/** A logged-in user, or the account that now waits for its approval or email confirmation. */
export const register = endpoint<LoginUserAnswer | WaitingAccount>()('user/register', registerParams);
export const registerByVerify = endpoint<LoginUserAnswer | WaitingAccount>()('user/registerByVerify', registerParams);

const loginParams = {
  /** a username, or the account's email */
  username: text({ max: 254 }),
  password: text({ raw: true, max: 128 }),
  /** needed after repeated failures (10210) */
  ...captchaFields,
};

export const login = endpoint<LoginUserAnswer>()('user/login', loginParams);
export const loginByVerify = endpoint<LoginUserAnswer>()('user/loginByVerify', loginParams);

export const logout = endpoint<NoData>()('user/logout', {});

export const info = endpoint<UserInfoAnswer>()('user/info', {
  /** ShowDoc's web client says whether a 10102 should send it to the login screen */
  redirect_login: unread<boolean | string | number>(),
});

export const updateInfo = endpoint<NoData>()('user/updateInfo', { name: text({ max: 200 }) });

/** Changes the password: `password` is the current one. */
export const resetPassword = endpoint<NewToken>()('user/resetPassword', {
  password: text({ raw: true, max: 128 }),
  new_password: text({ raw: true, max: 128 }),
});

export const updateEmail = endpoint<EmailChange>()('user/updateEmail', {
  email: text({ max: 254 }),
  password: text({ raw: true, max: 128 }),
});

/** Our extension: the link of the confirmation mail (answers a redirect). */
export const verifyEmail = endpoint<never>()('user/verifyEmail', { uid: id(), email: text(), token: text() });

/** Mails a reset link to an address (the same answer whether it has an account or not). */
export const resetPasswordEmail = endpoint<MailQueued>()('user/resetPasswordEmail', { email: text({ max: 254 }), ...captchaFields });

/** The link of the reset mail. */
export const resetPasswordByUrl = endpoint<NoData>()('user/resetPasswordByUrl', {
  new_password: text({ raw: true, max: 128 }),
  uid: id(),
  email: text(),
  token: text(),
});

export const allUser = endpoint<FoundUser[]>()('user/allUser', { username: text({ max: 50 }) });

/** What the login page needs to show the single sign-on button (no login). */
export interface OauthInfo {
  oauth2_open: 0 | 1;
  /** the button's text ('' = the client's default) */
  oauth2_entrance_tips: string;
}

export const oauthInfo = endpoint<OauthInfo>()('user/oauthInfo', {});
