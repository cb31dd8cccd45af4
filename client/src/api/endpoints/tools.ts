// ShowDoc v3 housekeeping and editor tools: site announcements (/api/adminMessage/*), the SQL →
// table tool, templates shared with items (/api/template/*), unused files (/api/attachment/*).
// ShowDoc's string ids are read once here, so screens see numbers.
import type * as adminMessageApi from '@shared/api/adminMessage';
import type * as sqlTableApi from '@shared/api/page/sqlTable';
import type * as templateShareApi from '@shared/api/templateShare';
import type * as unusedApi from '@shared/api/attachmentUnused';
import type { AnnouncementMessage } from '@shared/api/message';
import type { SharedTemplate } from '@shared/api/templateShare';
import { callAction } from '../http';
import type { Id } from '../ids';

export interface Announcement extends Omit<AnnouncementMessage, 'id'> {
  id: number;
}

export type AnnouncementType = 'announce_web' | 'announce_runapi' | 'announce_all';

export const postAnnouncement = (p: { message_content: string; message_type: AnnouncementType }) =>
  callAction<typeof adminMessageApi.addAnnouncement>('adminMessage/addAnnouncement', p);

export async function announcements(page = 1, count = 20): Promise<Announcement[]> {
  const rows = await callAction<typeof adminMessageApi.listAnnouncements>('adminMessage/listAnnouncements', { page, count }, { loading: false });
  return (Array.isArray(rows) ? rows : []).map((a) => ({ ...a, id: Number(a.id) }));
}

export type SqlDialect = 'auto' | 'mysql' | 'postgresql' | 'sqlite';

/** 10101 (SQL that is no CREATE TABLE) is shown by the dialog itself */
export async function sqlToMarkdownTable(sql: string, dialect: SqlDialect): Promise<string> {
  const r = await callAction<typeof sqlTableApi.sqlToMarkdownTable>('page/sqlToMarkdownTable', { sql, dialect }, { expect: [10101] });
  return r.markdown;
}

export interface ItemTemplate extends Omit<SharedTemplate, 'id' | 'uid'> {
  id: number;
  uid: number;
}

/** the templates shared with an item (for its editors); [] when the caller may not edit it */
export async function itemTemplates(item_id: Id): Promise<ItemTemplate[]> {
  const rows = await callAction<typeof templateShareApi.getItemList>('template/getItemList', { item_id }, { silent: true, loading: false });
  return (Array.isArray(rows) ? rows : []).map((t) => ({ ...t, id: Number(t.id), uid: Number(t.uid) }));
}

/** the item ids a template is shared with */
export async function templateShares(template_id: Id): Promise<number[]> {
  const rows = await callAction<typeof templateShareApi.getShareItemList>('template/getShareItemList', { template_id }, { loading: false });
  return (Array.isArray(rows) ? rows : []).map((s) => Number(s.item_id));
}

/** shares a template with exactly these items (none: "0") */
export const shareTemplate = (template_id: Id, itemIds: Id[]) =>
  callAction<typeof templateShareApi.shareToItem>('template/shareToItem', { template_id, item_id: itemIds.length ? itemIds.join(',') : '0' });

export const unusedFiles = (p: { page: number; count: number; display_name?: string }) => callAction<typeof unusedApi.getUnusedList>('attachment/getUnusedList', p, { loading: false });

export const deleteFiles = (fileIds: Id[]) => callAction<typeof unusedApi.batchDeleteAttachments>('attachment/batchDeleteAttachments', { file_ids: fileIds.join(',') });
