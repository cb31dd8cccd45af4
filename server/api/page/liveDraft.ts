// page/liveDraft: for whoever may read the page, whether its shared document holds unsaved edits
// and who is editing it (the live session's lock holder).
import { action, controller } from '../../http/action';
import * as api from '../../../shared/api/page/liveDraft';
import { readablePage } from '../../policies/request';
import { unsavedChanges } from '../../domain/collab/liveDraft';
import { lockRow } from '../../domain/locks/pageLocks';
import { liveLock } from '../../policies/locks';

const liveDraft = action(api.liveDraft, {
  auth: 'optional',
  async run(req, p) {
    const { page } = await readablePage(req, p.page_id);
    const [changes, row] = await Promise.all([unsavedChanges(req.deps, page.pageId, page.pageContent), lockRow(req.deps, page.pageId)]);
    const lock = liveLock(row, req.deps.now());
    const editing = lock && lock.mode !== 'http' ? lock.lockUsername : null;
    return { editing, changes };
  },
});

export default controller('page', { liveDraft });
