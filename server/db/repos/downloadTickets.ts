// Download tickets (auth/downloadTickets.ts): single-use stand-ins for a token in a download URL.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { downloadTickets } from '../schema';
import { deleteExpired as deleteExpiredRows, insertClearingExpired, unexpired } from './expiry';

export type DownloadTicketRow = typeof downloadTickets.$inferSelect;

/** Stores a ticket; expired ones go on the way. */
export function insert(db: DbOrTx, t: DownloadTicketRow, now: number): Promise<void> {
  return insertClearingExpired(db, downloadTickets, t, now);
}

/** Uses a ticket up (atomically); its row when it was live. */
export async function consume(db: DbOrTx, ticketHash: string, now: number): Promise<DownloadTicketRow | undefined> {
  const [row] = await db
    .delete(downloadTickets)
    .where(and(eq(downloadTickets.ticketHash, ticketHash), unexpired(downloadTickets, now)))
    .returning();
  return row;
}

export function deleteExpired(db: DbOrTx, now: number): Promise<void> {
  return deleteExpiredRows(db, downloadTickets, now);
}
