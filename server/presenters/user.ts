// User rows → the user controller's answers (spec §3 User). ShowDoc has no avatars: always ''.
import type { UserRow } from '../db/repos/users';
import type { EmailChange, FoundUser, LoginUserAnswer, MailQueued, NewToken, UserInfo, UserInfoAnswer, WaitingAccount } from '../../shared/api/user';
import type { AsShowDoc } from '../../shared/dbText';
import { dbNum } from './fetched';

export function presentLogin(u: UserRow, token: string): LoginUserAnswer {
  return {
    uid: dbNum(u.uid),
    username: u.username,
    name: u.name,
    groupid: dbNum(u.groupid),
    avatar: '',
    avatar_small: '',
    email: u.email,
    email_verify: u.emailVerify,
    user_token: token,
  };
}

export function presentWaiting(u: UserRow, awaiting: WaitingAccount['awaiting']): WaitingAccount {
  return { uid: u.uid, username: u.username, email: u.email, awaiting };
}

/** Who a user is, as the user's own info and the admin console's list both open. */
export function presentUserIdentity(u: UserRow): AsShowDoc<Pick<UserInfo, 'uid' | 'username' | 'name' | 'email' | 'email_verify' | 'groupid'>> {
  // the user row as ShowDoc fetches it: uid and groupid as text
  return { uid: dbNum(u.uid), username: u.username, name: u.name, email: u.email, email_verify: u.emailVerify, groupid: dbNum(u.groupid) };
}

export function presentUserInfo(u: UserRow): UserInfoAnswer {
  return {
    ...presentUserIdentity(u),
    avatar: '',
    avatar_small: '',
    reg_time: u.regTime,
    last_login_time: u.lastLoginTime,
    is_ldap: u.source === 'ldap' ? 1 : 0,
  };
}

export const presentNewToken = (token: string): NewToken => ({ user_token: token });

/** A new, unverified address; `mail`: whether its confirmation link went out, or why not. */
export function presentEmailChange(email: string, mail: { sent: boolean; error?: { code: number; message: string } }): EmailChange {
  return { email, email_verify: 0, mail_sent: mail.sent, ...(mail.error ? { mail_error: mail.error.message, mail_error_code: mail.error.code } : {}) };
}

export const presentMailQueued = (): MailQueued => ({ sent: 1 });

export const presentFoundUser = (u: { uid: number; username: string; name: string }): FoundUser => ({ uid: u.uid, username: u.username, name: u.name });
