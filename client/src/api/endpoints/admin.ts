// /api/attachment/*, /api/adminItem/*, /api/adminUser/*, /api/adminSetting/*
import { apiUrl, callAction, type Params } from '../http';
import type * as attachmentApi from '@shared/api/attachment';
import type * as pageUploadApi from '@shared/api/page/upload';
import type * as adminItemApi from '@shared/api/adminItem';
import type * as adminUserApi from '@shared/api/adminUser';
import type * as adminSettingApi from '@shared/api/adminSetting';
import type { ParamsIn } from '@shared/api/contract';
import type { Id } from '../ids';
import type { AdminItem } from '@shared/api/adminItem';

export interface AttachmentQuery {
  page: number;
  count: number;
  attachment_type?: number;
  display_name?: string;
  username?: string;
}

export const myAttachments = (q: AttachmentQuery) => callAction<typeof attachmentApi.getMyList>('attachment/getMyList', { ...q });
export const deleteMyAttachment = (file_id: Id) => callAction<typeof attachmentApi.deleteMyAttachment>('attachment/deleteMyAttachment', { file_id });
export const bindAttachment = (p: { file_id: Id; page_id: Id }) => callAction<typeof attachmentApi.bindingPage>('attachment/bindingPage', p);
export const allAttachments = (q: AttachmentQuery) => callAction<typeof attachmentApi.getAllList>('attachment/getAllList', { ...q });
export const deleteAttachment = (file_id: Id) => callAction<typeof attachmentApi.deleteAttachment>('attachment/deleteAttachment', { file_id });

/** The multipart upload address of attachments (used with progress reporting). */
export const attachmentUploadUrl = () => apiUrl('page/upload' satisfies (typeof pageUploadApi.upload)['path']);

export const adminItems = (p: { item_name?: string; username?: string; page: number; count: number }) => callAction<typeof adminItemApi.getList>('adminItem/getList', p);
export const adminDeleteItem = (item_id: Id) => callAction<typeof adminItemApi.deleteItem>('adminItem/deleteItem', { item_id });
export const adminAttornItem = (p: { item_id: Id; username: string }) => callAction<typeof adminItemApi.attorn>('adminItem/attorn', p);

/**
 * Items for the home-item choice in the site settings: up to `max` (1000, spec §9), read in pages of
 * 200 (the most adminItem/getList answers at once).
 */
export async function adminItemChoices(max: number): Promise<{ items: AdminItem[]; total: number }> {
  const items: AdminItem[] = [];
  let total = 0;
  for (let page = 1; items.length < max; page++) {
    const r = await callAction<typeof adminItemApi.getList>('adminItem/getList', { page, count: 200 }, { loading: false });
    const got = Array.isArray(r?.items) ? r.items : [];
    total = Number(r?.total ?? 0);
    items.push(...got);
    if (got.length < 200 || items.length >= total) break;
  }
  return { items: items.slice(0, max), total };
}

export const adminUsers = (p: { username?: string; page: number; count: number }) => callAction<typeof adminUserApi.getList>('adminUser/getList', p);
/** adminUser/getList for the console's list (registration and login times, waiting accounts only on request). */
export const adminUserList = (p: { username?: string; page: number; count: number; status?: 'pending' | 'unconfirmed' }) =>
  callAction<typeof adminUserApi.getList>('adminUser/getList', p, { loading: false });
export const adminAddUser = (p: ParamsIn<typeof adminUserApi.addUser>) => callAction<typeof adminUserApi.addUser>('adminUser/addUser', p);
export const adminDeleteUser = (uid: Id) => callAction<typeof adminUserApi.deleteUser>('adminUser/deleteUser', { uid });
/** a registration that awaits approval: let it log in, or turn it down (deletes the account) */
export const adminApproveUser = (uid: Id) => callAction<typeof adminUserApi.approve>('adminUser/approve', { uid });
export const adminRejectUser = (uid: Id) => callAction<typeof adminUserApi.reject>('adminUser/reject', { uid });
export const adminCheckUpdate = () => callAction<typeof adminUserApi.checkUpdate>('adminUser/checkUpdate', {}, { silent: true });

/** Single sign-on (OAuth2 / OpenID Connect): ShowDoc's form; the client secret is never sent back. */
export const loadOauth2Config = () => callAction<typeof adminSettingApi.loadOauth2Config>('adminSetting/loadOauth2Config', {});
export const saveOauth2Config = (p: { oauth2_open: boolean; oauth2_form: Record<string, string> }) =>
  callAction<typeof adminSettingApi.saveOauth2Config>('adminSetting/saveOauth2Config', { oauth2_open: p.oauth2_open ? 1 : 0, oauth2_form: JSON.stringify(p.oauth2_form) });

export const loadConfig = () => callAction<typeof adminSettingApi.loadConfig>('adminSetting/loadConfig', {});
/** The settings form as the screen holds it (settingsForm.ts builds the payload). */
export const saveConfig = (config: Record<string, unknown>) =>
  callAction<typeof adminSettingApi.saveConfig>('adminSetting/saveConfig', config as Params as ParamsIn<typeof adminSettingApi.saveConfig>);
