// A workbook written by a job (xlsx import) into the stored co-editing document as well as the
// page: a job may run in a worker process, where no live document hears the page.saved event,
// and a stored document is what the next editor loads. Only the cells that differ from the
// stored state are written (an update appended to the log, like any edit).
import * as Y from 'yjs';
import type { AppDeps } from '../../deps';
import type { Workbook } from '../../../shared/sheet/workbook';
import { applyWorkbookChange, hasWorkbook, yDocToWorkbook } from '../../../shared/sheet/ydoc';
import { appendUpdates, loadState } from './store';

/** true when a stored document was updated (none stored: the page seeds the next one). */
export async function writeWorkbookToStoredDoc(deps: Pick<AppDeps, 'db' | 'now' | 'events'>, docName: string, next: Workbook, uid: number): Promise<boolean> {
  const state = await loadState(deps, docName);
  if (!state.exists) return false;
  const doc = new Y.Doc();
  try {
    for (const u of state.updates) Y.applyUpdate(doc, u);
    if (!hasWorkbook(doc)) return false;
    const before = Y.encodeStateVector(doc);
    applyWorkbookChange(doc, yDocToWorkbook(doc), next);
    const update = Y.encodeStateAsUpdate(doc, before);
    await appendUpdates(deps, docName, [{ update, uid }]);
    // live copies (in this or another process, over the event bridge) load it
    deps.events.emit('collab.stored', { docName });
    return true;
  } finally {
    doc.destroy();
  }
}
