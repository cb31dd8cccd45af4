// Captchas: single-use answers with an expiry.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { captchas } from '../schema';
import { deleteExpired as deleteExpiredRows, insertClearingExpired, unexpired } from './expiry';

export type CaptchaRow = typeof captchas.$inferSelect;

/** Stores a captcha; expired ones go on the way. */
export function insert(db: DbOrTx, c: CaptchaRow, now: number): Promise<void> {
  return insertClearingExpired(db, captchas, c, now);
}

/** an unexpired captcha (to draw it again) */
export async function findLive(db: DbOrTx, captchaId: string, now: number): Promise<CaptchaRow | undefined> {
  const [row] = await db
    .select()
    .from(captchas)
    .where(and(eq(captchas.captchaId, captchaId), unexpired(captchas, now)));
  return row;
}

/** Uses a captcha up (atomically: a second use finds nothing); its answer when it was live. */
export async function consume(db: DbOrTx, captchaId: string, now: number): Promise<string | undefined> {
  const rows = await db
    .delete(captchas)
    .where(and(eq(captchas.captchaId, captchaId), unexpired(captchas, now)))
    .returning({ answer: captchas.answer });
  return rows[0]?.answer;
}

export async function deleteById(db: DbOrTx, captchaId: string): Promise<void> {
  await db.delete(captchas).where(eq(captchas.captchaId, captchaId));
}

export function deleteExpired(db: DbOrTx, now: number): Promise<void> {
  return deleteExpiredRows(db, captchas, now);
}
