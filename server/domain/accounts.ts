// Accounts: register, login, profile, password and email changes, password reset by mail.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ilike, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { passwordResets, users } from '../db/schema';
import { ApiError } from '../http/apiError';
import { ErrorCode } from '../../shared/errors';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../auth/passwords';
import { issueToken, revokeAllTokens, toSessionUser } from '../auth/tokens';
import type { SessionUser } from '../http/action';
import { hit, peek, reset } from '../auth/throttle';
import { ldapAuthenticate } from '../auth/ldap';
import { LOGIN_FAILURES_BEFORE_CAPTCHA } from '../../shared/limits';
import { escapeLike } from '../db/like';

export type UserRow = typeof users.$inferSelect;

const USERNAME_RE = /^[\p{L}\p{N}_\-.@]{2,50}$/u;
const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,190}\.[^\s@<>()[\]\\,;:"]{1,63}$/;

export function validateUsername(username: string): void {
  if (!USERNAME_RE.test(username)) {
    throw new ApiError(ErrorCode.GENERIC, 'Username must be 2 to 50 characters: letters, digits, _ - . @ or Chinese characters');
  }
}

export function validatePassword(password: string): void {
  if (password.length < 6 || password.length > 128) throw new ApiError(ErrorCode.GENERIC, 'Password must be 6 to 128 characters');
}

export function validateEmail(email: string): void {
  if (email.length > 254 || !EMAIL_RE.test(email)) throw new ApiError(ErrorCode.GENERIC, 'Email address is not valid');
}

export async function findUserByName(deps: AppDeps, username: string): Promise<UserRow | undefined> {
  const [u] = await deps.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return u;
}

export async function findUserByLogin(deps: AppDeps, login: string): Promise<UserRow | undefined> {
  const byName = await findUserByName(deps, login);
  if (byName) return byName;
  if (!login.includes('@')) return undefined;
  const [u] = await deps.db.select().from(users).where(sql`lower(${users.email}) = lower(${login})`).limit(1);
  return u;
}

export async function findUserById(deps: AppDeps, uid: number): Promise<UserRow | undefined> {
  const [u] = await deps.db.select().from(users).where(eq(users.uid, uid)).limit(1);
  return u;
}

export interface LoginPayload {
  uid: number;
  username: string;
  name: string;
  groupid: number;
  avatar: string;
  avatar_small: string;
  email: string;
  email_verify: number;
  user_token: string;
}

export function presentLogin(u: UserRow, token: string): LoginPayload {
  return {
    uid: u.uid,
    username: u.username,
    name: u.name,
    groupid: u.groupid,
    avatar: '',
    avatar_small: '',
    email: u.email,
    email_verify: u.emailVerify,
    user_token: token,
  };
}

export interface CreateUserInput {
  username: string;
  password: string;
  name?: string;
  email?: string;
  groupid?: number;
  source?: 'local' | 'ldap';
}

/** Inserts a user; the first account of an empty database becomes administrator. */
export async function createUser(deps: AppDeps, input: CreateUserInput): Promise<UserRow> {
  validateUsername(input.username);
  if (await findUserByName(deps, input.username)) throw new ApiError(ErrorCode.GENERIC, 'Username already exists');
  const hash = input.source === 'ldap' ? await unusablePasswordHash() : await hashPassword(input.password);
  const now = deps.now();
  const email = input.email ?? (EMAIL_RE.test(input.username) ? input.username : '');
  try {
    const [row] = await deps.db
      .insert(users)
      .values({
        username: input.username,
        name: input.name ?? '',
        email,
        password: hash,
        source: input.source ?? 'local',
        groupid: input.groupid ?? sql`case when exists (select 1 from ${users}) then 2 else 1 end`,
        regTime: now,
      })
      .returning();
    return row;
  } catch (e: any) {
    if (e?.code === '23505' || /unique/i.test(String(e?.message))) throw new ApiError(ErrorCode.GENERIC, 'Username already exists');
    throw e;
  }
}

export async function register(deps: AppDeps, username: string, password: string, confirm: string, ip: string): Promise<{ user: UserRow; token: string }> {
  const s = await deps.settings.get();
  if (!s.register_open) throw new ApiError(ErrorCode.GENERIC, 'Registration is closed by the administrator');
  validateUsername(username);
  validatePassword(password);
  if (password !== confirm) throw new ApiError(ErrorCode.GENERIC, 'The two passwords do not match');
  const user = await createUser(deps, { username, password });
  const token = await issueToken(deps.db, user.uid, deps.now(), deps.config.tokenTtlDays, ip);
  return { user, token };
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
  let user = await findUserByLogin(deps, loginName);
  let ok = false;
  // unknown names cost an argon2 verification too (no account enumeration by timing)
  if (!user && password) await verifyPassword(password, await timingDummyHash());
  if (user && password && user.source !== 'ldap') {
    const v = await verifyPassword(password, user.password, user.salt);
    ok = v.ok;
    if (v.ok && v.needsUpgrade) {
      await deps.db.update(users).set({ password: await hashPassword(password), salt: '' }).where(eq(users.uid, user.uid));
    }
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
    const [acct] = await Promise.all([hit(deps.db, failKey(loginName), FAIL_WINDOW, now), hit(deps.db, failIpKey(ip), 3600, now)]);
    deps.log.info('login failed', { login: loginName.slice(0, 60), ip });
    if (acct.count >= LOGIN_FAILURES_BEFORE_CAPTCHA) throw new ApiError(ErrorCode.LOGIN_CAPTCHA_REQUIRED, 'Wrong username or password');
    if (ldapDown) {
      throw new ApiError(ErrorCode.UNAVAILABLE, 'The LDAP server cannot be reached, so directory accounts cannot log in now; local accounts still can. Try again later or tell an administrator');
    }
    throw new ApiError(ErrorCode.WRONG_CREDENTIALS, 'Wrong username or password');
  }
  await reset(deps.db, failKey(loginName));
  await deps.db.update(users).set({ lastLoginTime: now }).where(eq(users.uid, user.uid));
  const token = await issueToken(deps.db, user.uid, now, deps.config.tokenTtlDays, ip);
  return { user, token };
}

/** The local account of a directory user: found by name, else created with an unusable local password. */
async function ldapLocalUser(deps: AppDeps, username: string, name: string, email: string): Promise<UserRow> {
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
  await deps.db.update(users).set({ name }).where(eq(users.uid, uid));
  deps.events.emit('user.updated', { uid });
}

/** Changes the password, revokes every token of the user and issues a fresh one for this session. */
export async function changePassword(deps: AppDeps, uid: number, oldPassword: string, newPassword: string, ip: string): Promise<string> {
  const user = await findUserById(deps, uid);
  if (!user) throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'You are not logged in');
  const v = await verifyPassword(oldPassword, user.password, user.salt);
  if (!v.ok) throw new ApiError(ErrorCode.GENERIC, 'Old password is wrong');
  validatePassword(newPassword);
  await setPassword(deps, uid, newPassword);
  return issueToken(deps.db, uid, deps.now(), deps.config.tokenTtlDays, ip);
}

export async function setPassword(deps: AppDeps, uid: number, newPassword: string): Promise<void> {
  validatePassword(newPassword);
  const hash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ password: hash, salt: '', source: 'local' }).where(eq(users.uid, uid));
    await revokeAllTokens(tx, uid);
  });
  deps.events.emit('user.tokensRevoked', { uid });
}

/** Checks a user's own login password (delete/archive/attorn confirmations, email change). */
export async function checkOwnPassword(deps: AppDeps, uid: number, password: string, code: number = ErrorCode.GENERIC): Promise<UserRow> {
  const user = await findUserById(deps, uid);
  if (!user || !password) throw new ApiError(code, 'Password is wrong');
  const v = await verifyPassword(password, user.password, user.salt);
  if (!v.ok) throw new ApiError(code, 'Password is wrong');
  return user;
}

export async function updateEmail(deps: AppDeps, uid: number, email: string, password: string): Promise<{ email: string; email_verify: number }> {
  validateEmail(email);
  await checkOwnPassword(deps, uid, password);
  const [taken] = await deps.db
    .select({ uid: users.uid })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.uid, uid)))
    .limit(1);
  if (taken) throw new ApiError(ErrorCode.GENERIC, 'Email address is already used by another account');
  await deps.db.update(users).set({ email, emailVerify: 0 }).where(eq(users.uid, uid));
  deps.events.emit('user.updated', { uid });
  return { email, email_verify: 0 };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const RESET_TTL = 3600;

/** Creates a one-hour, single-use token for a reset or an email verification; returns the raw token. */
export async function createMailToken(deps: AppDeps, user: UserRow, purpose: 'reset' | 'verify'): Promise<string> {
  const token = randomBytes(32).toString('hex');
  const now = deps.now();
  await deps.db.insert(passwordResets).values({ uid: user.uid, email: user.email, tokenHash: sha256(token), purpose, expiresAt: now + RESET_TTL, addtime: now });
  return token;
}

export async function findUserByEmail(deps: AppDeps, email: string): Promise<UserRow | undefined> {
  const [u] = await deps.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return u;
}

/** Consumes a mail token atomically (a second use fails) and returns the user it was for. */
export async function consumeMailToken(deps: AppDeps, uid: number, email: string, token: string, purpose: 'reset' | 'verify'): Promise<UserRow> {
  const now = deps.now();
  const invalid = new ApiError(ErrorCode.GENERIC, 'The reset link is invalid or has expired');
  if (!/^[0-9a-f]{64}$/.test(token)) throw invalid;
  const rows = await deps.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        eq(passwordResets.uid, uid),
        eq(passwordResets.purpose, purpose),
        eq(passwordResets.usedAt, 0),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning();
  if (!rows.length || rows[0].email.toLowerCase() !== email.toLowerCase()) throw invalid;
  const user = await findUserById(deps, uid);
  if (!user || user.email.toLowerCase() !== email.toLowerCase()) throw invalid;
  return user;
}

export async function markEmailVerified(deps: AppDeps, uid: number): Promise<void> {
  await deps.db.update(users).set({ emailVerify: deps.now() }).where(eq(users.uid, uid));
  deps.events.emit('user.updated', { uid });
}

/** Users matching a name fragment, for member pickers (capped; needs login). */
export async function searchUsers(deps: AppDeps, fragment: string, limit = 50): Promise<{ uid: number; username: string; name: string }[]> {
  const where = fragment
    ? or(ilike(users.username, `%${escapeLike(fragment)}%`), ilike(users.name, `%${escapeLike(fragment)}%`))
    : undefined;
  return deps.db.select({ uid: users.uid, username: users.username, name: users.name }).from(users).where(where).orderBy(users.username).limit(limit);
}

export function sessionOf(u: UserRow): SessionUser {
  return toSessionUser(u);
}
