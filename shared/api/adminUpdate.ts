// /api/adminUpdate/*: the update check. Quire contacts no vendor server.
import { endpoint } from './contract';

export interface UpdateCheck {
  url: string;
  title: string;
  /** 1 when the operator flagged an update (settings update_url / update_title) */
  configured: 0 | 1;
  /** why there is nothing to show, in the reader's language */
  message: string;
}

export const checkUpdate = endpoint<UpdateCheck>()('adminUpdate/checkUpdate', {});
/** Always refused: update the installation on the server. */
export const download = endpoint<never>()('adminUpdate/download', {});
export const updateFiles = endpoint<never>()('adminUpdate/updateFiles', {});
