// /api/import/*: files into Quire. import/auto is ShowDoc's (its clients wait for {item_id}): the
// import runs within the request, as the queue would run it. The web client uses import/start
// (queued as job import.auto, answered at once) and follows it with import/status.
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/import';
import { siteUrl } from '../http/siteUrl';
import { enforce, LIMITS } from '../auth/throttle';
import { authorizeImportJob, authorizeImportTarget, canFollowImport } from '../policies/imports';
import { createImport, dropImport, findImport, runImportNow, setImportJob } from '../domain/imports/start';
import { enqueueJob } from '../jobs/enqueue';
import { presentImported, presentImportStatus, presentStarted } from '../presenters/import';

/** Checks the caller and the target, stores the upload as a new import; its id. */
async function begin(req: ActionRequest, p: { item_id: number; cat_id: number }): Promise<string> {
  const me = req.me();
  const files = Object.keys(req.params.files);
  if (files.some((f) => f !== 'file')) throw new ApiError(ErrorCode.GENERIC, 'Send the file in the field {field}', { field: 'file' });
  const file = req.params.file('file');
  if (!file) throw new ApiError(ErrorCode.GENERIC, 'Please upload a file');
  await authorizeImportTarget(req.deps, me, { itemId: p.item_id, catId: p.cat_id });
  await enforce(req.deps.db, LIMITS.uploadPerUser, String(me.uid), req.deps.now());
  return createImport(req.deps, {
    uid: me.uid,
    itemId: p.item_id,
    catId: p.item_id ? p.cat_id : 0,
    fileName: file.originalFilename || 'upload',
    filePath: file.filepath,
    lang: req.lang,
    siteBase: await siteUrl(req.deps, req.ctx),
  });
}

const auto = action(api.auto, {
  auth: 'required',
  upload: true,
  async run(req, p) {
    const importId = await begin(req, p);
    const out = await runImportNow(req.deps, importId, req.me().uid, authorizeImportJob);
    return presentImported(out.itemId, out.importId);
  },
});

const start = action(api.start, {
  auth: 'required',
  upload: true,
  async run(req, p) {
    const importId = await begin(req, p);
    let jobId: string;
    try {
      ({ jobId } = await enqueueJob(req.deps, 'import.auto', { importId }, { uid: req.me().uid, itemId: p.item_id || undefined }));
    } catch (e) {
      await dropImport(req.deps, importId);
      throw e;
    }
    await setImportJob(req.deps, importId, jobId);
    return presentStarted(importId, jobId);
  },
});

const status = action(api.status, {
  auth: 'required',
  async run(req, p) {
    const run = await findImport(req.deps, p.import_id);
    // someone else's import is answered like a missing one
    if (!run || !canFollowImport(req.me(), run)) throw new ApiError(ErrorCode.GENERIC, 'This import no longer exists (imports are kept for 7 days)');
    return presentImportStatus(run);
  },
});

export default controller('import', { auto, start, status });
