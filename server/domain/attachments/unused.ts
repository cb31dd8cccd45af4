// Housekeeping of files no page's text links to: list them, delete a chosen batch. Which
// files a caller may list and delete is decided by policies/files.ts.
import type { AppDeps } from '../../deps';
import * as unusedRepo from '../../db/repos/unusedAttachments';
import type { UnusedFilter } from '../../db/repos/unusedAttachments';
import type { AttachmentRow } from '../../db/repos/attachments';
import { deleteAttachment, findAttachment } from './store';

export function listUnusedFiles(deps: AppDeps, f: UnusedFilter) {
  return unusedRepo.unused(deps.db, f);
}

/**
 * Deletes the files `mayDelete` allows, one by one (rows, bindings and stored bytes); a missing
 * or refused file counts as failed and nothing of it changes.
 */
export async function deleteFiles(deps: AppDeps, fileIds: number[], mayDelete: (row: AttachmentRow) => boolean): Promise<{ success: number; failed: number }> {
  let success = 0;
  let failed = 0;
  for (const fileId of fileIds) {
    const row = await findAttachment(deps, fileId);
    if (!row || !mayDelete(row)) {
      failed++;
      continue;
    }
    await deleteAttachment(deps, row);
    success++;
  }
  return { success, failed };
}
