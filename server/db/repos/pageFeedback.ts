// "Was this page helpful?" votes: one row per page and voter (uid, or client_id for guests).
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { pageFeedback } from '../schema';
import { deleteAny, firstValue } from './rows';

/** a signed-in user (uid > 0, client_id '') or a guest browser (uid 0, its client_id) */
export interface Voter {
  uid: number;
  clientId: string;
}

const voterIs = (pageId: number, v: Voter) => and(eq(pageFeedback.pageId, pageId), eq(pageFeedback.uid, v.uid), eq(pageFeedback.clientId, v.clientId));

/** the voter's vote (0: none) */
export async function voteOf(db: DbOrTx, pageId: number, v: Voter): Promise<number> {
  return (await firstValue(db, pageFeedback.feedbackType, voterIs(pageId, v))) ?? 0;
}

export async function setVote(db: DbOrTx, row: { pageId: number; itemId: number; voter: Voter; type: number; now: number }): Promise<void> {
  await db
    .insert(pageFeedback)
    .values({ pageId: row.pageId, itemId: row.itemId, uid: row.voter.uid, clientId: row.voter.clientId, feedbackType: row.type, addtime: row.now })
    .onConflictDoUpdate({ target: [pageFeedback.pageId, pageFeedback.uid, pageFeedback.clientId], set: { feedbackType: row.type, addtime: row.now } });
}

export function clearVote(db: DbOrTx, pageId: number, v: Voter): Promise<boolean> {
  return deleteAny(db, pageFeedback, voterIs(pageId, v));
}

export async function counts(db: DbOrTx, pageId: number): Promise<{ helpful: number; unhelpful: number }> {
  const rows = await db
    .select({ type: pageFeedback.feedbackType, n: count() })
    .from(pageFeedback)
    .where(eq(pageFeedback.pageId, pageId))
    .groupBy(pageFeedback.feedbackType);
  const of = (t: number) => Number(rows.find((r) => r.type === t)?.n ?? 0);
  return { helpful: of(1), unhelpful: of(2) };
}
