// Mails with links for an account: password reset and email confirmation. Their links are built
// only from the configured site URL (never the request's Host), they are queued to go out after
// the answer (deps.mail), and their one-hour, single-use tokens are stored hashed.
import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import * as userRepo from '../db/repos/users';
import * as mailTokenRepo from '../db/repos/mailTokens';
import type { UserRow } from '../db/repos/users';
import { ApiError } from '../errors';
import { mailLinkBase } from './siteUrl';
import { ErrorCode } from '../../shared/errors';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const TOKEN_TTL = 3600;

export const NO_MAIL = 'Mail is not configured on this server (set SMTP_HOST); ask an administrator to reset your password';

/** Creates a one-hour, single-use token for a reset or an email verification; returns the raw token. */
export async function createMailToken(deps: AppDeps, user: Pick<UserRow, 'uid' | 'email'>, purpose: 'reset' | 'verify'): Promise<string> {
  const token = randomBytes(32).toString('hex');
  const now = deps.now();
  await mailTokenRepo.insert(deps.db, { uid: user.uid, email: user.email, tokenHash: sha256(token), purpose, expiresAt: now + TOKEN_TTL, now });
  return token;
}

/**
 * The account an email address belongs to. Where old data holds the address twice, the same one
 * every time: an account whose username is not that address (the username may be a squatter's),
 * a verified one, then the oldest.
 */
export function findUserByEmail(deps: AppDeps, email: string): Promise<UserRow | undefined> {
  return userRepo.findByEmail(deps.db, email);
}

/** Consumes a mail token atomically (a second use fails) and returns the user it was for. */
export async function consumeMailToken(deps: AppDeps, uid: number, email: string, token: string, purpose: 'reset' | 'verify'): Promise<UserRow> {
  const now = deps.now();
  const invalid = new ApiError(ErrorCode.GENERIC, 'The reset link is invalid or has expired');
  if (!/^[0-9a-f]{64}$/.test(token)) throw invalid;
  const used = await mailTokenRepo.consume(deps.db, { tokenHash: sha256(token), uid, purpose, now });
  if (!used || used.email.toLowerCase() !== email.toLowerCase()) throw invalid;
  const user = await userRepo.findById(deps.db, uid);
  if (!user || user.email.toLowerCase() !== email.toLowerCase()) throw invalid;
  return user;
}

/** Whether this server can mail links: SMTP and a configured site URL. */
export async function mailLinksReady(deps: AppDeps): Promise<boolean> {
  if (!deps.config.smtp) return false;
  return mailLinkBase(deps).then(
    () => true,
    () => false,
  );
}

/** The base URL for mailed links; a clear error when mail or the site URL is missing. */
export async function requireMailLinks(deps: AppDeps): Promise<string> {
  if (!deps.config.smtp) throw new ApiError(ErrorCode.GENERIC, NO_MAIL);
  return mailLinkBase(deps);
}

/**
 * Queues the reset mail for an address. The account is looked up in the queue too, so the answer
 * takes the same time whether the address has an account or not.
 */
export async function queueResetMail(deps: AppDeps, email: string): Promise<void> {
  const base = await requireMailLinks(deps);
  deps.mail.enqueue('password reset', async () => {
    const user = await findUserByEmail(deps, email);
    if (!user) return null;
    const token = await createMailToken(deps, user, 'reset');
    const link = `${base}/user/ResetPasswordByUrl?uid=${user.uid}&email=${encodeURIComponent(user.email)}&token=${token}`;
    return {
      to: user.email,
      subject: 'Quire: reset your password',
      text: `Someone asked to reset the password of the Quire account ${user.username}.\nOpen this link to choose a new password (valid for one hour):\n\n${link}\n\nIf it was not you, ignore this mail.`,
    };
  });
}

/** Queues the mail that confirms the user's (current) email address; `base` from requireMailLinks. */
export function queueConfirmationMail(deps: AppDeps, user: Pick<UserRow, 'uid' | 'email' | 'username'>, base: string): void {
  deps.mail.enqueue('email confirmation', async () => {
    const token = await createMailToken(deps, user, 'verify');
    const link = `${base}/api/user/verifyEmail?uid=${user.uid}&email=${encodeURIComponent(user.email)}&token=${token}`;
    return {
      to: user.email,
      subject: 'Quire: confirm your email address',
      text: `Open this link to confirm ${user.email} for your Quire account ${user.username}:\n\n${link}\n\nThe link is valid for one hour.`,
    };
  });
}
