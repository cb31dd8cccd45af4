// /api/attachment/*, /api/adminItem/*, /api/adminUser/*, /api/adminSetting/*
import { call, type Params } from '../http';
import type { AttachmentPage, Id, ItemSummary, UserInfo } from '../types';

export interface AttachmentQuery {
  page: number;
  count: number;
  attachment_type?: number;
  display_name?: string;
  username?: string;
}

export const myAttachments = (q: AttachmentQuery) => call<AttachmentPage>('attachment/getMyList', { ...q });
export const deleteMyAttachment = (file_id: Id) => call('attachment/deleteMyAttachment', { file_id });
export const bindAttachment = (p: { file_id: Id; page_id: Id }) => call('attachment/bindingPage', p);
export const allAttachments = (q: AttachmentQuery) => call<AttachmentPage>('attachment/getAllList', { ...q });
export const deleteAttachment = (file_id: Id) => call('attachment/deleteAttachment', { file_id });

export const adminItems = (p: { item_name?: string; username?: string; page: number; count: number }) =>
  call<{ items: ItemSummary[]; total: number }>('adminItem/getList', p);
export const adminDeleteItem = (item_id: Id) => call('adminItem/deleteItem', { item_id });
export const adminAttornItem = (p: { item_id: Id; username: string }) => call('adminItem/attorn', p);

export const adminUsers = (p: { username?: string; page: number; count: number }) => call<{ users: UserInfo[]; total: number }>('adminUser/getList', p);
export const adminAddUser = (p: { uid?: Id; username: string; password?: string; name?: string }) => call('adminUser/addUser', p);
export const adminDeleteUser = (uid: Id) => call('adminUser/deleteUser', { uid });
/** a registration that awaits approval: let it log in, or turn it down (deletes the account) */
export const adminApproveUser = (uid: Id) => call('adminUser/approve', { uid });
export const adminRejectUser = (uid: Id) => call('adminUser/reject', { uid });
export const adminCheckUpdate = () => call<{ url?: string; title?: string }>('adminUser/checkUpdate', {}, { silent: true });

export const loadConfig = () => call<Record<string, unknown>>('adminSetting/loadConfig');
export const saveConfig = (config: Record<string, unknown>) => call('adminSetting/saveConfig', config as Params);
