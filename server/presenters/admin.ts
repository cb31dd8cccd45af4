// Rows → the admin console's answers (users, items, the update check).
import type { UserRow } from '../db/repos/users';
import type { ListedItem } from '../db/repos/adminItems';
import type { SiteSettings } from '../lib/siteSettings';
import type { AdminUser, AdminUserAnswer, AdminUserPageAnswer } from '../../shared/api/adminUser';
import type { AdminItemPageAnswer, ItemAttorned } from '../../shared/api/adminItem';
import { fetched } from './fetched';
import type { UpdateCheck } from '../../shared/api/adminUpdate';
import { localize } from '../../shared/messages';
import { formatTime } from './time';
import { presentUserIdentity } from './user';

export function presentAdminUser(u: UserRow): AdminUserAnswer {
  return {
    ...presentUserIdentity(u),
    source: u.source,
    status: u.status as AdminUser['status'],
    reg_time: formatTime(u.regTime),
    last_login_time: formatTime(u.lastLoginTime),
  };
}

export const presentAdminUserPage = (p: { total: number; users: UserRow[] }): AdminUserPageAnswer => ({ total: p.total, users: p.users.map(presentAdminUser) });

export function presentAdminItem({ item, ownerName, memberCount }: ListedItem): AdminItemPageAnswer['items'][number] {
  return {
    ...fetched({
      item_id: item.itemId,
      item_name: item.itemName,
      item_description: item.itemDescription,
      item_domain: item.itemDomain,
      item_type: item.itemType,
      uid: item.uid,
      username: item.username,
      name: ownerName ?? '',
      is_archived: item.isArchived,
      is_del: item.isDel,
      addtime: formatTime(item.addtime),
      del_time: formatTime(item.delTime),
    }),
    is_private: item.password ? (1 as const) : (0 as const),
    member_num: memberCount,
  };
}

export const presentAdminItemPage = (p: { total: number; items: ListedItem[] }): AdminItemPageAnswer => ({ total: p.total, items: p.items.map(presentAdminItem) });

export const presentItemAttorned = (a: { itemId: number; uid: number; username: string }): ItemAttorned => ({ item_id: a.itemId, uid: a.uid, username: a.username });

/** An update only when the operator flagged one; otherwise why nothing is shown, in the reader's language. */
export function presentUpdateCheck(s: SiteSettings, lang: 'en' | 'zh'): UpdateCheck {
  if (!s.update_url) {
    const message = localize('No update source is configured; Quire does not contact any update server. Update with git pull / npm install, then restart.', lang);
    return { url: '', title: '', configured: 0, message };
  }
  return { url: s.update_url, title: s.update_title, configured: 1, message: '' };
}
