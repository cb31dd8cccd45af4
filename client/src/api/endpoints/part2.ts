// Calls of the management screens (item settings, catalogs, teams, attachments, admin) that need
// options the shared endpoint files do not set: the screen handles "no permission" itself.
import { apiUrl, call } from '../http';
import type { ItemSummary, UserInfo } from '../types';

/** user/info with the account fields of the settings screen (email, email_verify, name). */
export const myInfo = () => call<UserInfo>('user/info', {}, { loading: false });

/** The multipart upload address of attachments (used with progress reporting). */
export const attachmentUploadUrl = () => apiUrl('page/upload');

/**
 * Items for the home-item choice in the site settings: up to `max` (1000, spec §9), read in pages of
 * 200 (the most adminItem/getList answers at once).
 */
export async function adminItemChoices(max: number): Promise<{ items: ItemSummary[]; total: number }> {
  const items: ItemSummary[] = [];
  let total = 0;
  for (let page = 1; items.length < max; page++) {
    const r = await call<{ items: ItemSummary[]; total: number }>('adminItem/getList', { page, count: 200 }, { loading: false });
    const got = Array.isArray(r?.items) ? r.items : [];
    total = Number(r?.total ?? 0);
    items.push(...got);
    if (got.length < 200 || items.length >= total) break;
  }
  return { items: items.slice(0, max), total };
}

/** adminUser/getList returning rows with registration and login times. */
export const adminUserList = (p: { username?: string; page: number; count: number; status?: 'pending' | 'unconfirmed' }) =>
  call<{ users: UserInfo[]; total: number }>('adminUser/getList', p, { loading: false });
