// Calls of the management screens (item settings, catalogs, teams, attachments, admin) that need
// options the shared endpoint files do not set: the screen handles "no permission" itself.
import { ErrorCode } from '@shared/errors';
import { apiUrl, call } from '../http';
import type { Id, ItemSummary, UserInfo } from '../types';

const screenHandles = [ErrorCode.NOT_MANAGER, ErrorCode.NO_PERMISSION];

export interface ItemDetail extends ItemSummary {
  password?: string;
  username?: string;
  addtime?: number | string;
}

/** item/detail for the settings screen: 10303/10103 come back to the screen (it shows "no permission"). */
export const itemDetail = (item_id: Id) => call<ItemDetail>('item/detail', { item_id }, { expect: screenHandles, loading: false });

/** user/info with the account fields of the settings screen (email, email_verify, name). */
export const myInfo = () => call<UserInfo>('user/info', {}, { loading: false });

/** teamItemMember/save sending only the changed field (ShowDoc changes only fields present in the POST). */
export const saveTeamItemMember = (p: { id: Id; member_group_id?: Id; cat_id?: Id }) => call('teamItemMember/save', p);

/** The multipart upload address of attachments (used with progress reporting). */
export const attachmentUploadUrl = () => apiUrl('page/upload');

/** adminItem/getList sized for the home-item choice in the site settings (up to 1000 items). */
export const adminItemChoices = (count: number) =>
  call<{ items: ItemSummary[]; total: number }>('adminItem/getList', { page: 1, count }, { loading: false });

/** adminUser/getList returning rows with registration and login times. */
export const adminUserList = (p: { username?: string; page: number; count: number }) =>
  call<{ users: UserInfo[]; total: number }>('adminUser/getList', p, { loading: false });
