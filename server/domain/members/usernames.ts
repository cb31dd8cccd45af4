// Resolves the comma-separated username lists that member/save and teamMember/save accept
// (ShowDoc's member pickers send "ann,bob"). Names match case-insensitively; a name with '@'
// may also be an email address, as ShowDoc's findByUsernameOrEmail allows.
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { ErrorCode } from '../../../shared/errors';

export type UserRow = typeof users.$inferSelect;

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

/** name as given → the user it names (absent when unknown). */
export async function resolveUsers(db: DbOrTx, names: string[]): Promise<Map<string, UserRow>> {
  const found = new Map<string, UserRow>();
  if (!names.length) return found;
  const lower = names.map((n) => n.toLowerCase());
  const byName = await db.select().from(users).where(inArray(sql`lower(${users.username})`, lower));
  const nameIndex = new Map(byName.map((u) => [u.username.toLowerCase(), u]));
  const emails: string[] = [];
  for (const n of names) {
    const u = nameIndex.get(n.toLowerCase());
    if (u) found.set(n, u);
    else if (n.includes('@')) emails.push(n.toLowerCase());
  }
  if (emails.length) {
    const byEmail = await db.select().from(users).where(inArray(sql`lower(${users.email})`, emails));
    const emailIndex = new Map(byEmail.map((u) => [u.email.toLowerCase(), u]));
    for (const n of names) {
      if (found.has(n)) continue;
      const u = emailIndex.get(n.toLowerCase());
      if (u) found.set(n, u);
    }
  }
  return found;
}

/** What a person is called in lists and notices. */
export const displayName = (u: Pick<UserRow, 'name' | 'username'>) => u.name || u.username;
