// MCP tokens (mcp_tokens): a user's tokens for AI editors. Only their sha256 is stored.
import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { mcpTokens, users } from '../schema';
import type { SessionUserRow } from './tokens';

export type McpTokenRow = typeof mcpTokens.$inferSelect;

export async function insert(db: DbOrTx, row: { uid: number; name: string; tokenHash: string; tail: string; now: number }): Promise<McpTokenRow> {
  const [r] = await db.insert(mcpTokens).values({ uid: row.uid, name: row.name, tokenHash: row.tokenHash, tail: row.tail, addtime: row.now }).returning();
  return r;
}

export function ofUser(db: DbOrTx, uid: number): Promise<McpTokenRow[]> {
  return db.select().from(mcpTokens).where(eq(mcpTokens.uid, uid)).orderBy(asc(mcpTokens.id));
}

export async function countOfUser(db: DbOrTx, uid: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(mcpTokens).where(eq(mcpTokens.uid, uid));
  return Number(r?.n ?? 0);
}

/** Deletes one of the user's tokens; whether it was theirs. */
export async function remove(db: DbOrTx, uid: number, id: number): Promise<boolean> {
  const gone = await db.delete(mcpTokens).where(and(eq(mcpTokens.id, id), eq(mcpTokens.uid, uid))).returning({ id: mcpTokens.id });
  return gone.length > 0;
}

/** The token with this hash and its (active) user, in one statement. */
export async function findWithUser(db: DbOrTx, tokenHash: string): Promise<{ id: number; lastUsedAt: number; user: SessionUserRow } | undefined> {
  const [row] = await db
    .select({
      id: mcpTokens.id,
      lastUsedAt: mcpTokens.lastUsedAt,
      user: { uid: users.uid, username: users.username, name: users.name, email: users.email, emailVerify: users.emailVerify, groupid: users.groupid },
    })
    .from(mcpTokens)
    .innerJoin(users, eq(users.uid, mcpTokens.uid))
    .where(and(eq(mcpTokens.tokenHash, tokenHash), eq(users.status, 'active')))
    .limit(1);
  return row;
}

/** Records a use, unless one was recorded since `before` (another request did). */
export async function touch(db: DbOrTx, id: number, now: number, before: number): Promise<void> {
  await db.update(mcpTokens).set({ lastUsedAt: now }).where(and(eq(mcpTokens.id, id), lt(mcpTokens.lastUsedAt, before)));
}
