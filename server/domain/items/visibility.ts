// Open / private switch (spec §4, §5): a private item needs a non-empty password, switching
// to open clears it. Passwords are stored as argon2id hashes, so clients that cannot re-send
// the plaintext say `is_private=1` with an empty password to keep the current one, and ShowDoc's
// item dialog sends back item/detail's placeholder (ITEM_PASSWORD_PLACEHOLDER) for the same.
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { hashPassword } from '../../auth/passwords';
import { ITEM_PASSWORD_MAX_CHARS, ITEM_PASSWORD_PLACEHOLDER } from '../../../shared/limits';
import type { ItemRow } from '../../db/repos/items';

export { ITEM_PASSWORD_MAX_CHARS };

export interface VisibilityInput {
  /** true/false when the client said so; null when it only sent `password` (ShowDoc clients) */
  isPrivate: boolean | null;
  password: string;
}

/**
 * The password hash to store, given the request and the item (null for new items). Re-sending
 * the current password keeps the current hash, so remembered grants stay valid: `isCurrent`
 * tells whether a password is the item's (policies/itemPassword.itemPasswordMatches).
 */
export async function resolveItemPassword(
  input: VisibilityInput,
  current: ItemRow | null,
  isCurrent: (password: string) => Promise<boolean>,
): Promise<string> {
  const wantsPrivate = input.isPrivate ?? input.password !== '';
  if (!wantsPrivate) return '';
  // item/detail's placeholder sent back by ShowDoc's item dialog: the password stays as it is
  if (input.password === ITEM_PASSWORD_PLACEHOLDER && current?.password) return current.password;
  if (input.password !== '') {
    if (current?.password && (await isCurrent(input.password))) return current.password;
    return hashPassword(input.password);
  }
  if (current?.password) return current.password;
  throw new ApiError(ErrorCode.GENERIC, 'Please set a password for a private item');
}
