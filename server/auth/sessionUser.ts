// The logged-in user as every layer sees it (resolved from a token or the session cookie): the
// user columns a session carries, and whether the user is an admin.
import type { SessionUserRow } from '../db/repos/tokens';

export interface SessionUser extends SessionUserRow {
  isAdmin: boolean;
}
