// Removes what an import recorded (write.ts): its files (rows, bindings and stored bytes,
// through the attachments domain), its pages and catalogs, and the item it created with
// everything in it. Used when an attempt fails, by a rerun (after claiming the import, so the
// attempt a killed worker left behind can write nothing more) and by the sweep for imports
// whose process died for good. Safe to repeat.
import type { AppDeps } from '../../deps';
import * as importRepo from '../../db/repos/imports';
import type { ImportRun } from '../../db/repos/imports';
import { deleteAttachment, findAttachment } from '../attachments/store';

export const hasRecords = (run: ImportRun) => run.createdItemId > 0 || run.createdCatalogs.length > 0 || run.createdPages.length > 0 || run.createdFiles.length > 0;

export async function undoRecorded(deps: AppDeps, run: ImportRun): Promise<void> {
  if (!hasRecords(run)) return;
  const itemId = run.createdItemId || run.targetItemId;
  // a new item's files include any a crash left unrecorded (uploaded, not yet noted)
  const fileIds = new Set([...run.createdFiles, ...(run.createdItemId ? await importRepo.filesOfItem(deps.db, run.createdItemId) : [])]);
  for (const fileId of fileIds) {
    const row = await findAttachment(deps, fileId);
    if (row) await deleteAttachment(deps, row);
  }
  await deps.db.transaction(async (tx) => {
    if (run.createdItemId) await importRepo.removeItem(tx, run.createdItemId);
    else {
      await importRepo.removePages(tx, itemId, run.createdPages);
      await importRepo.removeCatalogs(tx, itemId, run.createdCatalogs);
    }
    await importRepo.clearRecords(tx, run.id, run.attempt);
  });
  if (run.createdItemId) {
    deps.events.emit('item.accessChanged', { itemId: run.createdItemId, uids: [run.uid] });
  } else if (itemId > 0) {
    deps.events.emit('catalog.changed', { itemId });
    deps.events.emit('reads.stale', { editedItemIds: [itemId], pageIds: run.createdPages });
  }
}
