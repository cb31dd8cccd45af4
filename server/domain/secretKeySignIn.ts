// ShowDoc's secret-key sign-in (extLogin/bySecretKey, #23): another system that knows the site's
// login secret key sends a user to
//   /api/extLogin/bySecretKey?username=U&time=T&token=md5(U + key + T)[&name=N][&redirect=/path]
// and the user is signed in (created first when unknown). As ShowDoc: a 60 s window and no
// administrator accounts. Beyond ShowDoc (its CVE-2021-3678 and friends): the key is 128 random
// bits, the window is bounded on both sides (a link dated in the future is refused too), the token
// is compared in constant time, a link works once, and only a path on this site is redirected to.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as userRepo from '../db/repos/users';
import { issueToken } from '../auth/tokens';
import { tokenLifetimeDays } from '../auth/session';
import { hit } from '../auth/throttle';
import { createUser, findUserByName, requireActive, updateName, type UserRow } from './accounts';
import { normalizeUsername } from './accountNames';

/** how far a link's time may be from ours, either way (seconds) */
export const SIGN_IN_LINK_WINDOW = 60;

export const refused = (template: string) => new ApiError(ErrorCode.GENERIC, template);

/** md5(username + key + time), as ShowDoc computes it (lower-case hex). */
export const signInLinkToken = (username: string, key: string, time: number | string) =>
  createHash('md5').update(`${username}${key}${time}`).digest('hex');

/** The site's key; made (and kept) on first use. */
export async function loginSecretKey(deps: AppDeps): Promise<string> {
  const s = await deps.settings.get();
  return s.login_secret_key || resetLoginSecretKey(deps);
}

/** A new key: every link made with the old one stops working. */
export async function resetLoginSecretKey(deps: AppDeps): Promise<string> {
  const key = randomBytes(16).toString('hex');
  await deps.settings.save({ login_secret_key: key });
  deps.events.emit('settings.changed', {});
  return key;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface SignInLink {
  username: string;
  time: string;
  token: string;
  name: string;
  ip: string;
}

/**
 * Checks the link and answers the account it names, created when unknown. Whether that account may
 * be opened this way is for the caller to ask (policies/externalSignIn.ts), before openLinkSession.
 */
export async function accountOfLink(deps: AppDeps, link: SignInLink): Promise<UserRow> {
  const now = deps.now();
  const key = (await deps.settings.get()).login_secret_key;
  if (!key) throw refused('Secret-key sign-in is not set up on this site');
  if (!link.username || !/^\d{1,12}$/.test(link.time) || !link.token) throw refused('The sign-in link is incomplete');
  if (Math.abs(now - Number(link.time)) > SIGN_IN_LINK_WINDOW) throw refused('The sign-in link has expired');
  if (!sameToken(link.token, signInLinkToken(link.username, key, link.time))) throw refused('The sign-in link is not valid');
  // once: the same link seen again within its window (it reached a log, a proxy, a browser history)
  const seen = await hit(deps.db, `signin-link:${signInLinkToken(link.token, key, link.time)}`, SIGN_IN_LINK_WINDOW * 2 + 10, now);
  if (seen.count > 1) throw refused('This sign-in link was already used');

  const found = await findUserByName(deps, normalizeUsername(link.username));
  if (found) return found;
  try {
    return await createUser(deps, { username: link.username, password: randomBytes(24).toString('base64url'), name: link.name.slice(0, 50) });
  } catch (e) {
    // the same name created at this very moment by a second link
    const again = await findUserByName(deps, normalizeUsername(link.username));
    if (again) return again;
    throw e;
  }
}

/** Signs the account in: the link's name (when given) becomes its name; answers a new login token. */
export async function openLinkSession(deps: AppDeps, user: UserRow, link: Pick<SignInLink, 'name' | 'ip'>): Promise<string> {
  await requireActive(deps, user);
  const name = link.name.slice(0, 50);
  if (name && name !== user.name) await updateName(deps, user.uid, name);
  const now = deps.now();
  await userRepo.setLastLogin(deps.db, user.uid, now);
  return issueToken(deps.db, user.uid, now, await tokenLifetimeDays(deps), link.ip);
}

/** Where to go after signing in: a path on this site, else the item list (never another site). */
export function afterSignIn(redirect: string): string {
  const r = redirect.trim();
  if (/^\/(?![/\\])[^\s\\]*$/.test(r) && r.length <= 1000) return r;
  return '/item/index';
}
