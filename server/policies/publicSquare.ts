// The public square (#23): who may list the site's public items.
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import type { SessionUser } from '../auth/sessionUser';
import { canReadAnonymously } from './items';

type Site = { enable_public_square: boolean; force_login: boolean };

/** Whether the square is shown at all (the header's link, checkEnabled). */
export const publicSquareOpen = (site: Site): boolean => site.enable_public_square;

/** Everyone while the square is on, except anonymous callers on a site that forces a login. */
export function requirePublicSquare(site: Site, user: SessionUser | null): void {
  if (!publicSquareOpen(site)) throw new ApiError(ErrorCode.PUBLIC_SQUARE_OFF, 'The public square is not enabled');
  if (!user && !canReadAnonymously(site)) throw new ApiError(ErrorCode.FORCE_LOGIN, 'Please log in first');
}
