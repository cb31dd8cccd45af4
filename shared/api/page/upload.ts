// /api/page/upload*: page attachments (ShowDoc's page names of the attachment actions; the
// attachment controller answers the same under its own names).
import { endpoint, type NoData } from '../contract';
import { id } from '../fields';
import type { AsShowDoc } from '../../dbText';

/** A page's file, as page/uploadList lists it. */
export interface PageFile {
  file_id: number;
  display_name: string;
  file_type: string;
  /** bytes (text on the wire, as ShowDoc's upload_file column) */
  file_size: number;
  /** MiB, 3 decimals (0 for files under 512 bytes: show file_size) */
  file_size_m: number;
  /** absolute (ShowDoc's form: the configured site URL or the request's address) */
  url: string;
  /** Quire: the link to write into a page — site-relative, or under the configured site URL */
  markdown_url: string;
  /** 'Y-m-d H:i:s' */
  addtime: string;
}

/** As ShowDoc sends it: file_id as text. */
export type PageFileAnswer = AsShowDoc<PageFile>;

/** page/upload answers raw JSON: ShowDoc clients read {success, url}, envelope readers error_code and data. */
export interface Uploaded {
  error_code: 0;
  success: 1;
  url: string;
  /** Quire: the link to write into a page — site-relative, or under the configured site URL */
  markdown_url: string;
  file_id: number;
  data: { url: string; markdown_url: string; file_id: number; display_name: string };
}

/** editor.md's image upload: never the envelope, also on failure ({success: 0, message}). */
export interface ImageUploaded {
  success: 1;
  url: string;
  /** Quire: the link to write into a page — site-relative, or under the configured site URL */
  markdown_url: string;
  message: '';
  file_id: number;
}

/** Where an upload goes: a page (the item is the page's), an item, or neither (the uploader's own files). */
export const uploadTargetParams = { page_id: id(), item_id: id() };
export const uploadListParams = { page_id: id() };
export const deleteUploadFileParams = { page_id: id(), file_id: id() };

/** Any allowed file type (multipart field `file`). */
export const upload = endpoint<Uploaded>()('page/upload', uploadTargetParams);
/** Images only (multipart field `editormd-image-file`). */
export const uploadImg = endpoint<ImageUploaded>()('page/uploadImg', uploadTargetParams);
export const uploadList = endpoint<PageFileAnswer[]>()('page/uploadList', uploadListParams);
/** Takes a file off a page (the uploader or an administrator removing its last page deletes it). */
export const deleteUploadFile = endpoint<NoData>()('page/deleteUploadFile', deleteUploadFileParams);
