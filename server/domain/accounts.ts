// Accounts: register, login, profile, password and email changes, password reset by mail.
// Names: usernames are NFKC-normalised and unique by their confusable skeleton (accountNames.ts).
// A username shaped like an email claims that address: usernames-as-addresses and emails are
// one namespace, case-insensitive, so nobody can register "bob@example.com" as a username while
// Bob's account has that email, or take an email that is someone's username. For collisions
// stored before this rule, a login name means its username's owner only, never the other account
// (that one logs in with its own username), and an address given as a member name means the
// account whose email it is (members/usernames.ts).
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import * as userRepo from '../db/repos/users';
import type { AccountStatus, UserRow, UserWithPassword } from '../db/repos/users';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../auth/passwords';
import { issueToken, revokeAllTokens, toSessionUser } from '../auth/tokens';
import { tokenLifetimeDays } from '../auth/session';
import type { SessionUser } from '../auth/sessionUser';
import { hit, LIMITS, peek, reset } from '../auth/throttle';
import { ldapAuthenticate } from '../auth/ldap';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../shared/limits';
import { checkNewPassword } from '../auth/passwordPolicy';
import { queueConfirmationMail, requireMailLinks } from './accountMails';

export { consumeMailToken, createMailToken, findUserByEmail } from './accountMails';
import { fillMissingSkeletons, looksLikeEmail, normalizeUsername, usernameSkeleton } from './accountNames';

export type { AccountStatus, UserRow, UserWithPassword } from '../db/repos/users';

const USERNAME_RE = /^[\p{L}\p{N}_\-.@]{2,50}$/u;
const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,190}\.[^\s@<>()[\]\\,;:"]{1,63}$/;

export function validateUsername(username: string): void {
  if (!USERNAME_RE.test(username)) {
    throw new ApiError(ErrorCode.GENERIC, 'Username must be 2 to 50 characters: letters, digits, _ - . @ or Chinese characters');
  }
}

/** Rules for a new password (length, not a common one); see auth/passwordPolicy.ts. */
export const validatePassword = checkNewPassword;

export function validateEmail(email: string): void {
  if (email.length > 254 || !EMAIL_RE.test(email)) throw new ApiError(ErrorCode.GENERIC, 'Email address is not valid');
}

export function findUserByName(deps: AppDeps, username: string): Promise<UserRow | undefined> {
  return userRepo.findByName(deps.db, username);
}

/**
 * The account a login name means, with its password hash: the username as typed, then its NFKC
 * form (how new names are stored), and only when no username matches, the account with that email.
 */
async function findLoginAccount(deps: AppDeps, login: string): Promise<UserWithPassword | undefined> {
  const byName =
    (await userRepo.findByNameWithPassword(deps.db, login)) ??
    (normalizeUsername(login) !== login ? await userRepo.findByNameWithPassword(deps.db, normalizeUsername(login)) : undefined);
  if (byName) return byName;
  if (!login.includes('@')) return undefined;
  return userRepo.findByEmailWithPassword(deps.db, login);
}

export function findUserById(deps: AppDeps, uid: number): Promise<UserRow | undefined> {
  return userRepo.findById(deps.db, uid);
}

export interface CreateUserInput {
  username: string;
  password: string;
  name?: string;
  email?: string;
  groupid?: number;
  /** 'ldap' and 'sso' (OAuth2 / OpenID Connect) accounts get an unusable local password */
  source?: 'local' | 'ldap' | 'sso';
  /** 'pending' awaits an administrator, 'unconfirmed' the email confirmation; default active */
  status?: AccountStatus;
}

const nameTaken = () => new ApiError(ErrorCode.GENERIC, 'Username already exists');
const looksTaken = () => new ApiError(ErrorCode.GENERIC, 'This username looks like an existing one; choose another');
const addressTaken = () => new ApiError(ErrorCode.GENERIC, 'Email address is already used by another account');

/**
 * Inserts a user; the first account of an empty database becomes administrator. The username is
 * NFKC-normalised; a name that looks like an existing one, or an address another account uses,
 * is refused. An email-shaped username is also the account's email (as ShowDoc does).
 */
export async function createUser(deps: AppDeps, input: CreateUserInput): Promise<UserRow> {
  const username = normalizeUsername(input.username);
  validateUsername(username);
  const skeleton = usernameSkeleton(username);
  const external = input.source === 'ldap' || input.source === 'sso';
  const hash = external ? await unusablePasswordHash() : await hashPassword(input.password);
  await fillMissingSkeletons(deps.db);
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      let email = input.email ?? (EMAIL_RE.test(username) ? username : '');
      const addresses = [...new Set([looksLikeEmail(username) ? username.toLowerCase() : '', email.toLowerCase()].filter(Boolean))].sort();
      for (const a of addresses) await userRepo.lockAddress(tx, a);
      const same = await userRepo.findSameNameOrLook(tx, username, skeleton);
      if (same) throw same.username.toLowerCase() === username.toLowerCase() ? nameTaken() : looksTaken();
      if (looksLikeEmail(username) && (await userRepo.addressInUse(tx, username))) throw addressTaken();
      if (email && email.toLowerCase() !== username.toLowerCase() && (await userRepo.addressInUse(tx, email))) {
        // a directory's (or provider's) address that a local account already uses is left out, not a failed login
        if (!external) throw addressTaken();
        email = '';
      }
      return userRepo.insert(tx, {
        username,
        usernameSkeleton: skeleton,
        name: input.name ?? '',
        email,
        passwordHash: hash,
        source: input.source ?? 'local',
        status: input.status ?? 'active',
        groupid: input.groupid,
        regTime: now,
      });
    });
  } catch (e: any) {
    // the same name or look registered at this very moment by another request
    if (e?.code === '23505') throw /skeleton/.test(String(e?.constraint ?? e?.message)) ? looksTaken() : nameTaken();
    throw e;
  }
}

export interface RegisterInput {
  username: string;
  password: string;
  confirm: string;
  /** needed when new accounts confirm their email and the username is no address */
  email: string;
  ip: string;
}

/** A new account with its session, or (no session before approval or confirmation) what it waits for. */
export type Registered = { user: UserRow; token: string; awaiting: null } | { user: UserRow; token: null; awaiting: 'approval' | 'email' };

/**
 * Registers an account as the site's register_mode says: 'open' logs it in at once, 'approval'
 * leaves it pending until an administrator approves it, 'email' leaves it unconfirmed until the
 * link mailed to its address is opened.
 */
export async function register(deps: AppDeps, input: RegisterInput): Promise<Registered> {
  const s = await deps.settings.get();
  if (!s.register_open) throw new ApiError(ErrorCode.GENERIC, 'Registration is closed by the administrator');
  const username = normalizeUsername(input.username);
  validateUsername(username);
  validatePassword(input.password);
  if (input.password !== input.confirm) throw new ApiError(ErrorCode.GENERIC, 'The two passwords do not match');
  if (s.register_mode === 'email') {
    const email = input.email || (EMAIL_RE.test(username) ? username : '');
    if (!email) throw new ApiError(ErrorCode.GENERIC, 'New accounts confirm their email address on this site: give an email address');
    validateEmail(email);
    const base = await requireMailLinks(deps);
    const user = await createUser(deps, { username, password: input.password, email, status: 'unconfirmed' });
    queueConfirmationMail(deps, user, base);
    return { user, token: null, awaiting: 'email' };
  }
  if (input.email) validateEmail(input.email);
  const status = s.register_mode === 'approval' ? 'pending' : 'active';
  const user = await createUser(deps, { username, password: input.password, email: input.email || undefined, status });
  // the first account of a new site is its administrator: nobody could approve it
  if (status === 'pending' && user.groupid === 1) {
    await userRepo.setStatus(deps.db, user.uid, 'active');
    user.status = 'active';
  }
  if (user.status === 'pending') return { user, token: null, awaiting: 'approval' };
  const now = deps.now();
  const token = await issueToken(deps.db, user.uid, now, await tokenLifetimeDays(deps), input.ip);
  // registering logs the account in: the admin list shows it as its last login
  await userRepo.setLastLogin(deps.db, user.uid, now);
  user.lastLoginTime = now;
  return { user, token, awaiting: null };
}

/** Refuses a session to an account that still waits; the right password is known at this point. */
export async function requireActive(deps: AppDeps, user: UserRow): Promise<void> {
  if (user.status === 'pending') throw new ApiError(ErrorCode.ACCOUNT_PENDING, 'Your account awaits approval by an administrator');
  if (user.status === 'unconfirmed') {
    // a fresh link, since the first may have expired (at most a few an hour per account)
    const h = await hit(deps.db, `confirm-resend:${user.uid}`, 3600, deps.now());
    const base = h.count <= LIMITS.resetPerAccount.max ? await requireMailLinks(deps).catch(() => null) : null;
    if (base) queueConfirmationMail(deps, user, base);
    throw new ApiError(ErrorCode.ACCOUNT_UNCONFIRMED, 'Confirm your email address first: open the link we mailed to {email}', { email: user.email });
  }
}

const failKey = (login: string) => `loginfail:${login.toLowerCase()}`;
const failIpKey = (ip: string) => `loginfail-ip:${ip}`;
const FAIL_WINDOW = 86400;
const IP_FAILURES_BEFORE_CAPTCHA = 20;

/** Whether the next login for this account (or from this IP) must carry the captcha. */
export async function loginNeedsCaptcha(deps: AppDeps, login: string, ip: string): Promise<boolean> {
  const now = deps.now();
  const [a, b] = await Promise.all([peek(deps.db, failKey(login), now), peek(deps.db, failIpKey(ip), now)]);
  return a >= LOGIN_FAILURES_BEFORE_CAPTCHA || b >= IP_FAILURES_BEFORE_CAPTCHA;
}

let dummyHash: Promise<string> | null = null;
const timingDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** Checks a password (local, then LDAP); on failure counts it and raises 10204, or 10210 once the captcha becomes required. */
export async function login(deps: AppDeps, loginName: string, password: string, ip: string): Promise<{ user: UserRow; token: string }> {
  const now = deps.now();
  const account = await findLoginAccount(deps, loginName);
  let user: UserRow | undefined = account;
  let ok = false;
  // unknown names cost an argon2 verification too (no account enumeration by timing)
  if (!account && password) await verifyPassword(password, await timingDummyHash());
  if (account && password && account.source !== 'ldap') {
    const v = await verifyPassword(password, account.password, account.salt);
    ok = v.ok;
    if (v.ok && v.needsUpgrade) await userRepo.upgradePasswordHash(deps.db, account.uid, await hashPassword(password));
  }
  let ldapDown = false;
  if (!ok && password) {
    const verdict = await ldapAuthenticate(deps, loginName, password);
    if (verdict?.ok) {
      const target = user ?? (await ldapLocalUser(deps, verdict.username || loginName, verdict.name ?? '', verdict.email ?? ''));
      // a directory entry never opens a local administrator account of the same name
      if (!(target.groupid === 1 && target.source !== 'ldap')) {
        ok = true;
        user = target;
      }
    } else if (verdict?.unavailable) {
      ldapDown = true;
    }
  }
  if (!ok || !user) {
    const [acct, fromIp] = await Promise.all([hit(deps.db, failKey(loginName), FAIL_WINDOW, now), hit(deps.db, failIpKey(ip), 3600, now)]);
    deps.log.info('login failed', { login: loginName.slice(0, 60), ip });
    // 10210 whenever the next attempt must carry the captcha (as loginNeedsCaptcha decides): the client shows it
    if (acct.count >= LOGIN_FAILURES_BEFORE_CAPTCHA || fromIp.count >= IP_FAILURES_BEFORE_CAPTCHA) {
      throw new ApiError(ErrorCode.LOGIN_CAPTCHA_REQUIRED, 'Wrong username or password');
    }
    if (ldapDown) {
      throw new ApiError(ErrorCode.UNAVAILABLE, 'The LDAP server cannot be reached, so directory accounts cannot log in now; local accounts still can. Try again later or tell an administrator');
    }
    throw new ApiError(ErrorCode.WRONG_CREDENTIALS, 'Wrong username or password');
  }
  await reset(deps.db, failKey(loginName));
  await requireActive(deps, user);
  await userRepo.setLastLogin(deps.db, user.uid, now);
  const token = await issueToken(deps.db, user.uid, now, await tokenLifetimeDays(deps), ip);
  return { user, token };
}

/** The local account of a directory user: found by name, else created with an unusable local password. */
async function ldapLocalUser(deps: AppDeps, directoryName: string, name: string, email: string): Promise<UserRow> {
  // stored as new names are (NFKC), so the next login finds the same account
  const username = normalizeUsername(directoryName);
  const existing = await findUserByName(deps, username);
  if (existing) return existing;
  try {
    return await createUser(deps, { username, password: '', name: name.slice(0, 50), email: email.length <= 254 && EMAIL_RE.test(email) ? email : '', source: 'ldap', groupid: 2 });
  } catch (e) {
    // two first logins at once: the other one created it
    const again = await findUserByName(deps, username);
    if (again) return again;
    throw e;
  }
}

export async function updateName(deps: AppDeps, uid: number, name: string): Promise<void> {
  if (name.length > 50) throw new ApiError(ErrorCode.GENERIC, 'Name is too long (max {max} characters)', { max: 50 });
  await userRepo.setName(deps.db, uid, name);
  deps.events.emit('user.updated', { uid });
}

/** Changes the password, revokes every token of the user and issues a fresh one for this session. */
export async function changePassword(deps: AppDeps, uid: number, oldPassword: string, newPassword: string, ip: string): Promise<string> {
  const user = await userRepo.findByIdWithPassword(deps.db, uid);
  if (!user) throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');
  const v = await verifyPassword(oldPassword, user.password, user.salt);
  if (!v.ok) throw new ApiError(ErrorCode.GENERIC, 'Old password is wrong');
  validatePassword(newPassword);
  await setPassword(deps, uid, newPassword);
  return issueToken(deps.db, uid, deps.now(), await tokenLifetimeDays(deps), ip);
}

export async function setPassword(deps: AppDeps, uid: number, newPassword: string): Promise<void> {
  validatePassword(newPassword);
  const hash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await userRepo.setLocalPassword(tx, uid, hash);
    await revokeAllTokens(tx, uid);
  });
  deps.events.emit('user.tokensRevoked', { uid });
}

/** Checks a user's own login password (delete/archive/attorn confirmations, email change). */
export async function checkOwnPassword(deps: AppDeps, uid: number, password: string, code: number = ErrorCode.GENERIC): Promise<UserRow> {
  const user = await userRepo.findByIdWithPassword(deps.db, uid);
  if (!user || !password) throw new ApiError(code, 'Password is wrong');
  const v = await verifyPassword(password, user.password, user.salt);
  if (!v.ok) throw new ApiError(code, 'Password is wrong');
  return user;
}

/** Binds a new, unverified email; refused when another account uses the address as email or username. */
export async function updateEmail(deps: AppDeps, uid: number, email: string, password: string): Promise<void> {
  validateEmail(email);
  await checkOwnPassword(deps, uid, password);
  await deps.db.transaction(async (tx) => {
    await userRepo.lockAddress(tx, email);
    if (await userRepo.addressInUse(tx, email, uid)) throw addressTaken();
    await userRepo.setEmail(tx, uid, email);
  });
  deps.events.emit('user.updated', { uid });
}

/** Marks the email verified; an account that waited for this confirmation becomes active. Answers whether it did. */
export async function markEmailVerified(deps: AppDeps, uid: number): Promise<boolean> {
  const before = await userRepo.statusOf(deps.db, uid);
  await userRepo.setEmailVerified(deps.db, uid, deps.now());
  deps.events.emit('user.updated', { uid });
  return before === 'unconfirmed';
}

export function sessionOf(u: UserRow): SessionUser {
  return toSessionUser(u);
}
