// download/ticket's answer.
import type { DownloadTicket } from '../../shared/api/download';

export const presentDownloadTicket = (ticket: string, seconds: number): DownloadTicket => ({ download_ticket: ticket, expires_in: seconds });
