// Delete, archive and transfer are confirmed with the item owner's login password, which a
// manager may type on the owner's behalf. Wrong guesses are counted per caller so a manager
// cannot use these forms to brute-force the owner's account password.
import type { AppDeps } from '../../deps';
import { checkOwnPassword } from '../accounts';
import { hit, peek } from '../../auth/throttle';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

export const OWNER_PASSWORD_MAX_FAILURES = 10;
const WINDOW = 3600;
const key = (callerUid: number) => `ownerpwdfail:${callerUid}`;

export async function checkOwnerPassword(deps: AppDeps, callerUid: number, ownerUid: number, password: string): Promise<void> {
  const now = deps.now();
  if ((await peek(deps.db, key(callerUid), now)) >= OWNER_PASSWORD_MAX_FAILURES) {
    throw new ApiError(ErrorCode.RATE_LIMITED, 'Too many wrong passwords; try again later');
  }
  try {
    await checkOwnPassword(deps, ownerUid, password, ErrorCode.OWNER_PASSWORD_WRONG);
  } catch (err) {
    if (err instanceof ApiError && err.code === ErrorCode.OWNER_PASSWORD_WRONG) await hit(deps.db, key(callerUid), WINDOW, now);
    throw err;
  }
}
