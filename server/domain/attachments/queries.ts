// Listing attachments (a page's files, my files, all files) and usage figures.
import type { AppDeps } from '../../deps';
import * as attachmentRepo from '../../db/repos/attachments';
import type { AttachmentRow, ListedAttachment } from '../../db/repos/attachments';

export type { ListedAttachment } from '../../db/repos/attachments';

export interface ListFilter {
  /** only this uploader's files */
  uid?: number;
  /** -1 all, 1 images, 2 other files */
  attachmentType: number;
  displayName: string;
  /** uploader's username (admin list) */
  username: string;
  page: number;
  count: number;
}

export function listAttachments(deps: AppDeps, f: ListFilter): Promise<{ list: ListedAttachment[]; total: number }> {
  const { page, count, ...filter } = f;
  return attachmentRepo.list(deps.db, { ...filter, limit: count, offset: (page - 1) * count });
}

/** Files bound to a page, oldest first. */
export function pageAttachments(deps: AppDeps, pageId: number): Promise<AttachmentRow[]> {
  return attachmentRepo.ofPage(deps.db, pageId);
}

/** Files bound to an item's live pages (the first 1000), each with its page's place. */
export function itemPageAttachments(deps: AppDeps, itemId: number): Promise<{ a: AttachmentRow; pageId: number; catId: number }[]> {
  return attachmentRepo.ofItemPages(deps.db, itemId);
}

/** Total stored bytes (of one uploader, or of everyone). */
export function usedBytes(deps: AppDeps, uid?: number): Promise<number> {
  return attachmentRepo.storedBytes(deps.db, uid);
}

export const monthOf = (now: number) => {
  const d = new Date(now * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Bytes of this uploader's files served this month. */
export function usedFlowBytes(deps: AppDeps, uid: number): Promise<number> {
  return attachmentRepo.flowBytes(deps.db, uid, monthOf(deps.now()));
}

/** A visit: counters on the file and the uploader's monthly flow, in one transaction. */
export async function recordVisit(deps: AppDeps, row: AttachmentRow): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await attachmentRepo.countVisit(tx, row.fileId, now);
    await attachmentRepo.addFlow(tx, row.uid, row.fileSize, monthOf(now));
  });
}
