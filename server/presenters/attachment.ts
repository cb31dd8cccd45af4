// Attachment rows → ShowDoc's JSON shapes (spec §3 Attachment). URLs point at visitFile with
// the file's random sign (the URL form ShowDoc embeds in page Markdown).
import type { AttachmentRow, ListedAttachment } from '../db/repos/attachments';
import type { AllFilesAnswer, AttachmentAnswer, MyFilesAnswer } from '../../shared/api/attachment';
import type { ImageUploaded, PageFileAnswer, Uploaded } from '../../shared/api/page/upload';
import type { UnusedFile } from '../../shared/api/attachmentUnused';
import { fetched } from './fetched';
import { formatTime } from './time';
import { ORPHAN_FILE_GRACE_SECONDS } from '../../shared/limits';

export const fileUrl = (base: string, sign: string) => `${base}/server/index.php?s=/api/attachment/visitFile&sign=${sign}`;

/** bytes → MiB with 3 decimals (ShowDoc's *_m fields) */
export const toMiB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 1000) / 1000;

export function presentAttachment(row: ListedAttachment, base: string): AttachmentAnswer {
  return {
    ...fetched({
      file_id: row.fileId,
      display_name: row.displayName,
      file_type: row.fileType,
      file_size: row.fileSize,
      visit_times: row.visitTimes,
      username: row.username,
      uid: row.uid,
      item_id: row.itemId,
      page_id: row.pageId,
      addtime: formatTime(row.addtime),
      last_visit_time: formatTime(row.lastVisitTime),
    }),
    file_size_m: toMiB(row.fileSize),
    url: fileUrl(base, row.sign),
    // Quire: a file bound to no page is removed by the clean-up at removal_time
    orphan: row.orphanSince > 0 ? 1 : 0,
    removal_time: row.orphanSince > 0 ? formatTime(row.orphanSince + ORPHAN_FILE_GRACE_SECONDS) : '',
  };
}

/** `bases.url`: ShowDoc's absolute link; `bases.markdown`: the link the web editor writes into pages. */
export function presentPageFile(row: AttachmentRow, bases: { url: string; markdown: string }): PageFileAnswer {
  return {
    ...fetched({ file_id: row.fileId, file_size: row.fileSize }),
    display_name: row.displayName,
    file_type: row.fileType,
    file_size_m: toMiB(row.fileSize),
    url: fileUrl(bases.url, row.sign),
    // Quire: site-relative unless a site URL is configured
    markdown_url: fileUrl(bases.markdown, row.sign),
    addtime: formatTime(row.addtime),
  };
}

export interface Listed {
  list: ListedAttachment[];
  total: number;
}

/** A page of files and the space they take (bytes and MiB): what both file lists start with. */
function presentFilesUsing(l: Listed, base: string, used: number): Pick<MyFilesAnswer, 'list' | 'total' | 'used' | 'used_m'> {
  return { list: l.list.map((r) => presentAttachment(r, base)), total: l.total, used, used_m: toMiB(used) };
}

/** The uploader's files, usage and quota (MB, 0 = unlimited). */
export function presentMyFiles(l: Listed, base: string, usage: { used: number; flow: number; quotaMb: number }): MyFilesAnswer {
  return {
    ...presentFilesUsing(l, base, usage.used),
    used_flow_m: toMiB(usage.flow),
    // Quire: the uploader's quota in MB (0 = unlimited)
    quota_m: usage.quotaMb,
  };
}

/** Every file of the site, the space they take and the quotas (MB, 0 = unlimited). */
export function presentAllFiles(l: Listed, base: string, usage: { used: number; siteMb: number; userMb: number }): AllFilesAnswer {
  return {
    ...presentFilesUsing(l, base, usage.used),
    site_quota_m: usage.siteMb,
    user_quota_m: usage.userMb,
  };
}

/**
 * page/upload: ShowDoc clients read {success, url} (absolute, as ShowDoc answers); envelope readers
 * get error_code and data too; Quire's editor writes markdown_url into the page.
 */
export function presentUploaded(row: AttachmentRow, url: string, markdownUrl: string): Uploaded {
  return {
    error_code: 0,
    success: 1,
    url,
    markdown_url: markdownUrl,
    file_id: row.fileId,
    data: { url, markdown_url: markdownUrl, file_id: row.fileId, display_name: row.displayName },
  };
}

/** editor.md's image upload (ShowDoc's absolute url; markdown_url for Quire's editor). */
export function presentImageUploaded(row: AttachmentRow, url: string, markdownUrl: string): ImageUploaded {
  return { success: 1, url, markdown_url: markdownUrl, message: '', file_id: row.fileId };
}

/** editor.md's image upload refused: its own shape (error_code kept for envelope readers). */
export function presentImageUploadFailure(f: { code: number; message: string }) {
  return { success: 0, url: '', message: f.message, error_code: f.code, error_message: f.message };
}

/** attachment/getUnusedList's rows (ShowDoc casts ids and sizes to numbers there) */
export function presentUnusedFile(row: ListedAttachment, base: string): UnusedFile {
  return {
    file_id: row.fileId,
    display_name: row.displayName,
    file_size: row.fileSize,
    file_size_m: toMiB(row.fileSize),
    addtime: formatTime(row.addtime),
    username: row.username,
    uid: row.uid,
    url: fileUrl(base, row.sign),
  };
}
