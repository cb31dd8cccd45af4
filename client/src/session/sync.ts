// The session is an HttpOnly cookie the page cannot read, so the display info kept in localStorage
// can go stale (cookie expired, logged in from another tab, logged out elsewhere). One quiet
// user/info at start-up brings it back in line; it never alerts and never navigates.
import { ErrorCode } from '@shared/errors';
import { ApiError, call } from '../api/http';
import type { UserInfo } from '@shared/api/user';
import { forgetUser, rememberUser } from './user';

export async function syncSession(): Promise<void> {
  try {
    rememberUser(await call<UserInfo>('user/info', { redirect_login: false }, { silent: true, loading: false }));
  } catch (e) {
    if (e instanceof ApiError && e.code === ErrorCode.NOT_LOGGED_IN) forgetUser();
  }
}
