// /api/download/ticket: our extension (security finding F10).
import { endpoint } from './contract';

export interface DownloadTicket {
  /** put in the download URL as download_ticket=… instead of the login token */
  download_ticket: string;
  /** seconds */
  expires_in: number;
}

/** Asked for by POST with a login token: one download, within a minute, while the session lasts. */
export const ticket = endpoint<DownloadTicket>()('download/ticket', {});
