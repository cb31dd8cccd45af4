// Mail tokens (password_resets): the one-hour, single-use tokens of password-reset and
// email-confirmation links, stored hashed.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { passwordResets } from '../schema';
import { deleteExpired, unexpired } from './expiry';

export type MailTokenPurpose = 'reset' | 'verify';
export type MailTokenRow = typeof passwordResets.$inferSelect;

export async function insert(db: DbOrTx, t: { uid: number; email: string; tokenHash: string; purpose: MailTokenPurpose; expiresAt: number; now: number }): Promise<void> {
  await db.insert(passwordResets).values({ uid: t.uid, email: t.email, tokenHash: t.tokenHash, purpose: t.purpose, expiresAt: t.expiresAt, addtime: t.now });
}

/** Marks an unused, unexpired token of this user and purpose used (atomically); its row when it was one. */
export async function consume(db: DbOrTx, t: { tokenHash: string; uid: number; purpose: MailTokenPurpose; now: number }): Promise<MailTokenRow | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: t.now })
    .where(
      and(
        eq(passwordResets.tokenHash, t.tokenHash),
        eq(passwordResets.uid, t.uid),
        eq(passwordResets.purpose, t.purpose),
        eq(passwordResets.usedAt, 0),
        unexpired(passwordResets, t.now),
      ),
    )
    .returning();
  return row;
}

/** Tokens expired before `before` (kept a day after expiry for the record). */
export function deleteExpiredBefore(db: DbOrTx, before: number): Promise<void> {
  return deleteExpired(db, passwordResets, before);
}
