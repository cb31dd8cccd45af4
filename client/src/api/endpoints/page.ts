// /api/page/*, /api/recycle/*, /api/template/*, /api/mock/*
import { call, callAction, upload } from '../http';
import type * as pageApi from '@shared/api/page';
import type * as recycleApi from '@shared/api/recycle';
import type * as liveDraftApi from '@shared/api/page/liveDraft';
import type * as mockApi from '@shared/api/mock';
import type * as templateApi from '@shared/api/template';
import type { ParamsIn } from '@shared/api/contract';
import type { Id } from '../ids';
import type { Attachment } from '@shared/api/attachment';

/** page/info; 10303/10307 send the reader to the password screen (item 0: the page decides). */
export const info = (page_id: Id, item_id?: Id) =>
  callAction<typeof pageApi.info>('page/info', { page_id }, { itemPassword: { itemId: item_id ?? 0, pageId: page_id }, loading: false });
/** whether the page's shared document holds unsaved edits (the reader says so); failures stay silent */
export const liveDraft = (page_id: Id) => callAction<typeof liveDraftApi.liveDraft>('page/liveDraft', { page_id }, { loading: false, silent: true });
export const infoByKey = (unique_key: string) => callAction<typeof pageApi.infoByKey>('page/infoByKey', { unique_key }, { loading: false });
export const history = (page_id: Id) => callAction<typeof pageApi.history>('page/history', { page_id });
export const updateHistoryComments = (p: { page_id: Id; page_history_id: Id; page_comments: string }) =>
  callAction<typeof pageApi.updateHistoryComments>('page/updateHistoryComments', p);
export const remove = (page_id: Id) => callAction<typeof pageApi.remove>('page/delete', { page_id });
/** create=true makes (or renews) the single-page link; false cancels it */
export const createSinglePage = (page_id: Id, create: boolean) =>
  callAction<typeof pageApi.createSinglePage>('page/createSinglePage', { page_id, isCreateSiglePage: create ? 'true' : 'false' });
export const uploadList = (page_id: Id) => call<Attachment[] | { list: Attachment[] }>('page/uploadList', { page_id }, { loading: false });
export const deleteUploadFile = (p: { file_id: Id; page_id: Id }) => call('page/deleteUploadFile', p);
export const save = (p: { page_id: Id; item_id: Id; page_title: string; page_content: string; cat_id?: Id; page_comments?: string; s_number?: Id; from_collab?: 0 | 1 }) =>
  callAction<typeof pageApi.save>('page/save', { ...p, page_content: encodeURIComponent(p.page_content), is_urlencode: 1 });
/** positions: page_id → position */
export const sort = (item_id: Id, positions: Record<string, number>) => callAction<typeof pageApi.sort>('page/sort', { item_id, pages: positions });
export const diff = (page_id: Id, page_history_id: Id) => callAction<typeof pageApi.diff>('page/diff', { page_id, page_history_id });
export const setLock = (p: { page_id: Id; item_id: Id; lock_to?: number }) => callAction<typeof pageApi.setLock>('page/setLock', p, { loading: false });
export const isLock = (page_id: Id) => callAction<typeof pageApi.isLock>('page/isLock', { page_id }, { loading: false });

export const recycleList = (item_id: Id) => callAction<typeof recycleApi.getList>('recycle/getList', { item_id });
export const recover = (item_id: Id, page_id: Id) => callAction<typeof recycleApi.recover>('recycle/recover', { item_id, page_id });

export const templates = () => callAction<typeof templateApi.getList>('template/getList', {});
export const saveTemplate = (p: ParamsIn<typeof templateApi.save>) => callAction<typeof templateApi.save>('template/save', p);
export const deleteTemplate = (id: Id) => callAction<typeof templateApi.remove>('template/delete', { id });

export const addMock = (p: { page_id: Id; template: string; path: string }) => callAction<typeof mockApi.add>('mock/add', p);
/** the page's mock, null when it has none (the server answers []) */
export const mockInfo = (page_id: Id) =>
  callAction<typeof mockApi.infoByPageId>('mock/infoByPageId', { page_id }).then((m) => (Array.isArray(m) ? null : m));

/** Attachment upload to a page (multipart field `file`). */
export const uploadAttachment = (p: { page_id: Id; item_id: Id; file: File }) => {
  const form = new FormData();
  form.append('page_id', String(p.page_id));
  form.append('item_id', String(p.item_id));
  form.append('file', p.file);
  return upload<{ url: string; file_id?: Id }>('page/upload', form);
};
