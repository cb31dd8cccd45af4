// /api/page/*, /api/recycle/*, /api/template/*, /api/mock/*
import { call, callAction, upload } from '../http';
import type * as templateApi from '@shared/api/template';
import type { ParamsIn } from '@shared/api/contract';
import type { Attachment, Id, LockInfo, MockInfo, PageDiff, PageHistoryEntry, PageInfo, RecycleEntry, SinglePageLink } from '../types';

/** page/info; 10303/10307 send the reader to the password screen (item 0: the page decides). */
export const info = (page_id: Id, item_id?: Id) =>
  call<PageInfo>('page/info', { page_id }, { itemPassword: { itemId: item_id ?? 0, pageId: page_id }, loading: false });
export const infoByKey = (unique_key: string) => call<PageInfo>('page/infoByKey', { unique_key }, { loading: false });
export const history = (page_id: Id) => call<PageHistoryEntry[]>('page/history', { page_id });
export const updateHistoryComments = (p: { page_id: Id; page_history_id: Id; page_comments: string }) => call('page/updateHistoryComments', p);
export const remove = (page_id: Id) => call('page/delete', { page_id });
/** create=true makes (or renews) the single-page link; false cancels it */
export const createSinglePage = (page_id: Id, create: boolean) =>
  call<SinglePageLink | []>('page/createSinglePage', { page_id, isCreateSiglePage: create ? 'true' : 'false' });
export const uploadList = (page_id: Id) => call<Attachment[] | { list: Attachment[] }>('page/uploadList', { page_id }, { loading: false });
export const deleteUploadFile = (p: { file_id: Id; page_id: Id }) => call('page/deleteUploadFile', p);
export const save = (p: { page_id: Id; item_id: Id; page_title: string; page_content: string; cat_id?: Id; page_comments?: string; s_number?: Id }) =>
  call<{ page_id: Id }>('page/save', { ...p, page_content: encodeURIComponent(p.page_content), is_urlencode: 1 });
/** positions: page_id → position */
export const sort = (item_id: Id, positions: Record<string, number>) => call('page/sort', { item_id, pages: positions });
export const diff = (page_id: Id, page_history_id: Id) => call<PageDiff>('page/diff', { page_id, page_history_id });
export const setLock = (p: { page_id: Id; item_id: Id; lock_to?: number }) => call<{ id: Id }>('page/setLock', p, { loading: false });
export const isLock = (page_id: Id) => call<LockInfo>('page/isLock', { page_id }, { loading: false });

export const recycleList = (item_id: Id) => call<RecycleEntry[]>('recycle/getList', { item_id });
export const recover = (item_id: Id, page_id: Id) => call('recycle/recover', { item_id, page_id });

export const templates = () => callAction<typeof templateApi.getList>('template/getList', {});
export const saveTemplate = (p: ParamsIn<typeof templateApi.save>) => callAction<typeof templateApi.save>('template/save', p);
export const deleteTemplate = (id: Id) => callAction<typeof templateApi.remove>('template/delete', { id });

export const addMock = (p: { page_id: Id; template: string; path: string }) => call<MockInfo>('mock/add', p);
export const mockInfo = (page_id: Id) => call<MockInfo>('mock/infoByPageId', { page_id });

/** Attachment upload to a page (multipart field `file`). */
export const uploadAttachment = (p: { page_id: Id; item_id: Id; file: File }) => {
  const form = new FormData();
  form.append('page_id', String(p.page_id));
  form.append('item_id', String(p.item_id));
  form.append('file', p.file);
  return upload<{ url: string; file_id?: Id }>('page/upload', form);
};
