// Download tickets (security finding F10): a client that must hand a download to a browser or a
// download manager puts a ticket in the URL instead of its login token. A ticket is good for
// one download (a URL credential is read only by actions marked browserGet), for 60 seconds,
// and only while the session that asked for it lasts — a URL that reached a log is worthless.
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import * as ticketRepo from '../db/repos/downloadTickets';
import { hashToken } from './tokens';
import { sessionOfHash, type Session } from './session';

export const DOWNLOAD_TICKET_SECONDS = 60;
export const DOWNLOAD_TICKET_PARAM = 'download_ticket';

export async function issueDownloadTicket(deps: AppDeps, uid: number, sessionToken: string): Promise<string> {
  const now = deps.now();
  const ticket = randomBytes(32).toString('hex');
  await ticketRepo.insert(deps.db, { ticketHash: hashToken(ticket), uid, tokenHash: hashToken(sessionToken), expiresAt: now + DOWNLOAD_TICKET_SECONDS }, now);
  return ticket;
}

/** The session behind a ticket, using the ticket up; null when unknown, used, expired or signed out. */
export async function redeemDownloadTicket(deps: AppDeps, ticket: string): Promise<Session | null> {
  if (!/^[0-9a-f]{64}$/.test(ticket)) return null;
  const row = await ticketRepo.consume(deps.db, hashToken(ticket), deps.now());
  if (!row) return null;
  const session = await sessionOfHash(deps, row.tokenHash);
  // the user behind the session must still be the one who asked (a token is never reassigned)
  return session && session.user.uid === row.uid ? { user: session.user } : null;
}
