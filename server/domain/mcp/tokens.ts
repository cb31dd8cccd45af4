// A user's MCP tokens: 256 random bits behind a "qmcp_" prefix, shown once when created; only the
// sha256 is kept. They authenticate /mcp alone: a login token is never one (different table), and
// an MCP token is never a login token (the session lookup does not read this table).
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../deps';
import * as repo from '../../db/repos/mcpTokens';
import type { McpTokenRow } from '../../db/repos/mcpTokens';
import { hashToken, toSessionUser } from '../../auth/tokens';
import type { SessionUser } from '../../auth/sessionUser';
import { ApiError, badParam } from '../../errors';
import { ErrorCode } from '../../../shared/errors';

export type { McpTokenRow };

const PREFIX = 'qmcp_';
/** enough for every editor a person uses; stops a script from filling the table */
export const MAX_TOKENS_PER_USER = 20;
const TOUCH_EVERY_SECONDS = 60;

export const isMcpTokenShaped = (token: string) => /^qmcp_[0-9a-f]{64}$/.test(token);

/** Creates a token; the plain token is answered this once and never again. */
export async function createMcpToken(deps: AppDeps, uid: number, name: string): Promise<{ row: McpTokenRow; token: string }> {
  if ((await repo.countOfUser(deps.db, uid)) >= MAX_TOKENS_PER_USER) {
    throw badParam('You have {max} MCP tokens already; revoke one first', { max: MAX_TOKENS_PER_USER });
  }
  const token = PREFIX + randomBytes(32).toString('hex');
  const row = await repo.insert(deps.db, { uid, name: name || 'MCP', tokenHash: hashToken(token), tail: token.slice(-4), now: deps.now() });
  return { row, token };
}

export function listMcpTokens(deps: AppDeps, uid: number): Promise<McpTokenRow[]> {
  return repo.ofUser(deps.db, uid);
}

/** Revokes (deletes) one of the user's own tokens. */
export async function revokeMcpToken(deps: AppDeps, uid: number, id: number): Promise<void> {
  if (!(await repo.remove(deps.db, uid, id))) throw new ApiError(ErrorCode.GENERIC, 'MCP token not found');
}

/** The user a bearer token acts for, or null (unknown, revoked, malformed, user not active). */
export async function userOfMcpToken(deps: AppDeps, token: string): Promise<SessionUser | null> {
  if (!isMcpTokenShaped(token)) return null;
  const row = await repo.findWithUser(deps.db, hashToken(token));
  if (!row) return null;
  const now = deps.now();
  if (row.lastUsedAt <= now - TOUCH_EVERY_SECONDS) await repo.touch(deps.db, row.id, now, now - TOUCH_EVERY_SECONDS + 1);
  return toSessionUser(row.user);
}
