// Single sign-on (OAuth2 / OpenID Connect, showdoc-behaviour §7.6): which local account the person
// the provider vouches for signs in to. In order: the account already linked to the provider's
// subject; an account the provider-confirmed address belongs to, when policies/sso allows the link
// (the caller passes that decision in);
// else a new account (unusable local password) named after the provider's username claim. ShowDoc
// matched an existing account by username alone, which let a provider's user named "admin" open
// the administrator; Quire never opens an account by its name.
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import * as identities from '../db/repos/ssoIdentities';
import * as userRepo from '../db/repos/users';
import { issueToken } from '../auth/tokens';
import { tokenLifetimeDays } from '../auth/session';
import { createUser, findUserById, requireActive, type UserRow } from './accounts';
import type { ProviderIdentity } from '../auth/oidc';
import { ApiError } from '../errors';

const USERNAME_CLAIMS = ['preferred_username', 'name', 'username', 'login'];
const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,190}\.[^\s@<>()[\]\\,;:"]{1,63}$/;

/** ShowDoc's getUserNameFromOAuth2 (in the claims' order of preference): a username-like claim, at the top level and then nested. */
export function usernameClaim(claims: Record<string, unknown>): string {
  for (const k of USERNAME_CLAIMS) {
    const v = claims[k];
    if ((typeof v === 'string' || typeof v === 'number') && String(v).trim()) return String(v).trim();
  }
  for (const v of Object.values(claims)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const found = usernameClaim(v as Record<string, unknown>);
      if (found) return found;
    }
  }
  return '';
}

/** The address, only when the provider says it confirmed it. */
export function verifiedEmail(claims: Record<string, unknown>): string {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified && email.length <= 254 && EMAIL_RE.test(email) ? email : '';
}

/** A username Quire accepts, from the provider's: its characters kept, an address reduced to its local part. */
function baseUsername(claim: string): string {
  const local = claim.includes('@') ? claim.slice(0, claim.indexOf('@')) : claim;
  const cleaned = local
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_\-.]/gu, '_')
    .slice(0, 40);
  return cleaned.length >= 2 ? cleaned : 'user';
}

function* usernameCandidates(claim: string): Generator<string> {
  const base = baseUsername(claim);
  yield base;
  for (let n = 2; n <= 9; n++) yield `${base}-${n}`;
  yield `${base.slice(0, 30)}-${randomBytes(4).toString('hex')}`;
}

async function createSsoUser(deps: AppDeps, claims: Record<string, unknown>, email: string): Promise<UserRow> {
  const name = typeof claims.name === 'string' ? claims.name.slice(0, 50) : '';
  const free = email && !(await userRepo.addressInUse(deps.db, email)) ? email : '';
  let last: unknown;
  for (const username of usernameCandidates(usernameClaim(claims))) {
    try {
      const user = await createUser(deps, { username, password: '', name, email: free, source: 'sso', groupid: 2 });
      // the provider confirmed the address
      if (user.email) await userRepo.setEmailVerified(deps.db, user.uid, deps.now());
      return user;
    } catch (e) {
      // the name (or one that looks like it) is taken: the next candidate
      if (!(e instanceof ApiError)) throw e;
      last = e;
    }
  }
  throw last;
}

export interface SsoSignIn {
  user: UserRow;
  token: string;
  /** how the account was found: 'subject' (linked before), 'email' (linked now), 'created' */
  via: 'subject' | 'email' | 'created';
}

/** `mayLinkByEmail`: the policy (policies/sso) that says whether an account found by its address may be linked. */
export async function signInWithProvider(deps: AppDeps, who: ProviderIdentity, ip: string, mayLinkByEmail: (owner: UserRow) => boolean): Promise<SsoSignIn> {
  const now = deps.now();
  let via: SsoSignIn['via'] = 'subject';
  const linkedUid = await identities.findUid(deps.db, who.issuer, who.subject);
  let user = linkedUid !== undefined ? await findUserById(deps, linkedUid) : undefined;
  if (!user) {
    const email = verifiedEmail(who.claims);
    const owner = email ? await userRepo.findByEmail(deps.db, email) : undefined;
    if (owner && mayLinkByEmail(owner)) {
      user = owner;
      via = 'email';
    } else {
      user = await createSsoUser(deps, who.claims, email);
      via = 'created';
    }
    if (!(await identities.link(deps.db, user.uid, who.issuer, who.subject, now))) {
      // another sign-in of the same person linked first: use its account
      const first = await identities.findUid(deps.db, who.issuer, who.subject);
      const firstUser = first !== undefined ? await findUserById(deps, first) : undefined;
      if (firstUser) user = firstUser;
    }
    deps.log.info('sso account linked', { uid: user.uid, via, issuer: who.issuer });
  } else {
    await identities.touch(deps.db, who.issuer, who.subject, now);
  }
  await requireActive(deps, user);
  await userRepo.setLastLogin(deps.db, user.uid, now);
  const token = await issueToken(deps.db, user.uid, now, await tokenLifetimeDays(deps), ip);
  return { user, token, via };
}
