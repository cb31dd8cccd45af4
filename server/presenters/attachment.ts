// Attachment rows → ShowDoc's JSON shapes (spec §3 Attachment). URLs point at visitFile with
// the file's random sign (the URL form ShowDoc embeds in page Markdown).
import type { AttachmentRow } from '../domain/attachments/store';
import { formatTime } from './time';
import { ORPHAN_FILE_GRACE_SECONDS } from '../../shared/limits';

export const fileUrl = (base: string, sign: string) => `${base}/server/index.php?s=/api/attachment/visitFile&sign=${sign}`;

/** bytes → MiB with 3 decimals (ShowDoc's *_m fields) */
export const toMiB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 1000) / 1000;

export function presentAttachment(row: AttachmentRow & { username: string }, base: string) {
  return {
    file_id: row.fileId,
    display_name: row.displayName,
    file_type: row.fileType,
    file_size: row.fileSize,
    file_size_m: toMiB(row.fileSize),
    visit_times: row.visitTimes,
    username: row.username,
    uid: row.uid,
    item_id: row.itemId,
    page_id: row.pageId,
    addtime: formatTime(row.addtime),
    last_visit_time: formatTime(row.lastVisitTime),
    url: fileUrl(base, row.sign),
    // Quire: a file bound to no page is removed by the clean-up at removal_time
    orphan: row.orphanSince > 0 ? 1 : 0,
    removal_time: row.orphanSince > 0 ? formatTime(row.orphanSince + ORPHAN_FILE_GRACE_SECONDS) : '',
  };
}

export function presentPageFile(row: AttachmentRow, base: string) {
  return {
    file_id: row.fileId,
    display_name: row.displayName,
    file_type: row.fileType,
    file_size_m: toMiB(row.fileSize),
    url: fileUrl(base, row.sign),
    addtime: formatTime(row.addtime),
  };
}
