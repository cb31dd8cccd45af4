// /api/sheet/*: a table item's xlsx import and export, started as jobs (Downloads follows them).
// Our extension. The policies decide who may (server/policies/sheets.ts); the upload's bytes are
// checked before anything is queued, the workbook itself by the job.
import { action, controller } from '../http/action';
import * as api from '../../shared/api/sheet';
import { sheetPageFor } from '../policies/sheets';
import { ownJob } from '../policies/jobAccess';
import { enqueueJob } from '../jobs/enqueue';
import { presentJob } from '../presenters/job';
import { noFile } from '../domain/sheets/errors';
import { stageXlsxUpload, type SheetExportData, type SheetImportData } from '../domain/sheets/jobs';

const importXlsx = action(api.importXlsx, {
  auth: 'required',
  upload: true,
  async run(req, p) {
    const me = req.me();
    const target = await sheetPageFor(req, p.item_id, 'import');
    const file = req.params.file('file');
    if (!file) throw noFile();
    const staged = await stageXlsxUpload(req.deps, file);
    const data: SheetImportData = { ...target, file: staged, username: me.username };
    const { jobId } = await enqueueJob(req.deps, 'import.xlsx', data, { uid: me.uid, itemId: target.itemId });
    return presentJob(await ownJob(req.deps, req.user, jobId), req.lang);
  },
});

const exportXlsx = action(api.exportXlsx, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const target = await sheetPageFor(req, p.item_id, 'export');
    const data: SheetExportData = target;
    const { jobId } = await enqueueJob(req.deps, 'export.xlsx', data, { uid: me.uid, itemId: target.itemId });
    return presentJob(await ownJob(req.deps, req.user, jobId), req.lang);
  },
});

export default controller('sheet', { import: importXlsx, export: exportXlsx });
