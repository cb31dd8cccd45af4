// /api/attachment/*: my files, binding a file to a page, the admin list, visitFile, and ShowDoc's
// attachment names of the page upload actions (./page/upload.ts).
import { endpoint, type NoData } from './contract';
import { id, int, text } from './fields';
import { PAGE_SIZES } from '../limits';
import type { AsShowDoc } from '../dbText';
import { visitFileParams } from './common/visitFile';
import { deleteUploadFileParams, uploadListParams, uploadTargetParams, type ImageUploaded, type PageFile, type PageFileAnswer, type Uploaded } from './page/upload';

export type { ImageUploaded, PageFile, Uploaded } from './page/upload';

/** A file in the file lists (page/uploadList's markdown_url is for the page editor only). */
export interface Attachment extends Omit<PageFile, 'markdown_url'> {
  /** bytes */
  file_size: number;
  visit_times: number;
  /** the uploader */
  username: string;
  uid: number;
  item_id: number;
  page_id: number;
  last_visit_time: string;
  /** Quire: 1 when no page binds the file (removed by the clean-up at removal_time) */
  orphan: 0 | 1;
  removal_time: string;
}

export interface MyFiles {
  list: Attachment[];
  total: number;
  /** bytes stored */
  used: number;
  used_m: number;
  /** MiB served this month */
  used_flow_m: number;
  /** Quire: the caller's quota in MB (0 = unlimited) */
  quota_m: number;
}

export interface AllFiles {
  list: Attachment[];
  total: number;
  used: number;
  used_m: number;
  /** Quire: the quotas in MB (0 = unlimited) */
  site_quota_m: number;
  user_quota_m: number;
}

/** As ShowDoc sends them: the file rows' ids, sizes and counters as text; totals and MiB computed (numbers). */
export type AttachmentAnswer = AsShowDoc<Attachment>;
export type MyFilesAnswer = AsShowDoc<MyFiles>;
export type AllFilesAnswer = AsShowDoc<AllFiles>;

const listParams = (defCount: number) => ({
  page: int({ def: 1, min: 1, max: 1_000_000 }),
  count: int({ def: defCount, min: 1, max: 100 }),
  /** -1 all, 1 images, 2 other files */
  attachment_type: int({ def: -1, min: -1, max: 2 }),
  display_name: text({ max: 200 }),
});

export const getMyList = endpoint<MyFilesAnswer>()('attachment/getMyList', listParams(PAGE_SIZES.myAttachments));
export const getAllList = endpoint<AllFilesAnswer>()('attachment/getAllList', { ...listParams(PAGE_SIZES.allAttachments), username: text({ max: 100 }) });
export const deleteMyAttachment = endpoint<NoData>()('attachment/deleteMyAttachment', { file_id: id() });
export const deleteAttachment = endpoint<NoData>()('attachment/deleteAttachment', { file_id: id() });
/** Puts one of my files on a page I may edit. */
export const bindingPage = endpoint<NoData>()('attachment/bindingPage', { file_id: id(), page_id: id() });
export const visitFile = endpoint<never>()('attachment/visitFile', visitFileParams);

export const uploadImg = endpoint<ImageUploaded>()('attachment/uploadImg', uploadTargetParams);
export const attachmentUpload = endpoint<Uploaded>()('attachment/attachmentUpload', uploadTargetParams);
export const pageAttachmentUploadList = endpoint<PageFileAnswer[]>()('attachment/pageAttachmentUploadList', uploadListParams);
export const deletePageUploadFile = endpoint<NoData>()('attachment/deletePageUploadFile', deleteUploadFileParams);
