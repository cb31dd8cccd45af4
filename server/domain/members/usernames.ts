// Resolves the comma-separated username lists that member/save and teamMember/save accept
// (ShowDoc's member pickers send "ann,bob"). Names match case-insensitively; a name with '@'
// is an email address first, as ShowDoc's findByUsernameOrEmail allows (see resolveUsers).
import type { DbOrTx } from '../../db/client';
import { usersByEmails, usersByUsernames, type PersonRow } from '../../db/repos/members';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

export type UserRow = PersonRow;

/** more names than this in one request is a mistake or an abuse, not a member picker */
export const MAX_NAMES_PER_REQUEST = 100;

/** Splits "a, b,,c" into distinct trimmed names (first spelling wins). */
export function splitNames(raw: string, param: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of raw.split(/[,，]/)) {
    const name = part.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  if (!out.length) throw new ApiError(ErrorCode.GENERIC, 'Parameter {name} is required', { name: param });
  if (out.length > MAX_NAMES_PER_REQUEST) {
    throw new ApiError(ErrorCode.GENERIC, 'At most {max} users can be added at once', { max: MAX_NAMES_PER_REQUEST });
  }
  return out;
}

/**
 * name as given → the user it names (absent when unknown). A name with '@' is an address: it
 * means the account whose email it is, before an account that only has it as username (old data
 * may hold both: the username may be a squatter's); among several owners a verified one, then the
 * oldest. Other names match usernames (case-insensitively).
 */
export async function resolveUsers(db: DbOrTx, names: string[]): Promise<Map<string, UserRow>> {
  const found = new Map<string, UserRow>();
  if (!names.length) return found;
  const lower = names.map((n) => n.toLowerCase());
  const emails = lower.filter((n) => n.includes('@'));
  if (emails.length) {
    const owners = await usersByEmails(db, emails);
    const emailIndex = new Map<string, UserRow>();
    for (const u of owners) if (!emailIndex.has(u.email.toLowerCase())) emailIndex.set(u.email.toLowerCase(), u);
    for (const n of names) {
      const u = emailIndex.get(n.toLowerCase());
      if (u) found.set(n, u);
    }
  }
  const rest = names.filter((n) => !found.has(n));
  if (rest.length) {
    const byName = await usersByUsernames(db, rest.map((n) => n.toLowerCase()));
    const nameIndex = new Map(byName.map((u) => [u.username.toLowerCase(), u]));
    for (const n of rest) {
      const u = nameIndex.get(n.toLowerCase());
      if (u) found.set(n, u);
    }
  }
  return found;
}

/** What a person is called in lists and notices. */
export const displayName = (u: Pick<UserRow, 'name' | 'username'>) => u.name || u.username;
