// user/allUser (security finding F11): the member and team pickers look people up by the first
// characters of their username or name. A user finds only people who share an item with them
// (owner, member, or member through a team bound to it) or a team; administrators find anyone.
// At least 2 characters, at most 20 answers: no way to list the accounts of the site. A
// stranger is added by typing the exact username, which member/save checks.
import type { AppDeps } from '../../deps';
import type { SessionUser } from '../../auth/sessionUser';
import { usersByPrefix } from '../../db/repos/members';
import { USER_SEARCH_MAX_RESULTS, USER_SEARCH_MIN_CHARS } from '../../../shared/limits';

export interface FoundUser {
  uid: number;
  username: string;
  name: string;
}

/** Administrators find anyone; others only people who share an item or a team with them. */
export async function searchPeople(deps: AppDeps, caller: SessionUser, fragment: string): Promise<FoundUser[]> {
  const text = fragment.trim().toLowerCase();
  if ([...text].length < USER_SEARCH_MIN_CHARS) return [];
  return usersByPrefix(deps.db, text, caller.isAdmin ? null : caller.uid, USER_SEARCH_MAX_RESULTS);
}
