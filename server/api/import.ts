// /api/import/*: files into Quire, always as job import.auto (run by a worker, or by the server
// itself without Redis). import/auto is ShowDoc's: its clients wait for {item_id}, so it answers
// once the job ended. The web client uses import/start (answered at once) and follows the import
// with import/status.
import { action, controller, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/import';
import { pageLinkBase } from '../http/siteUrl';
import { enforce, LIMITS } from '../auth/throttle';
import { authorizeImportTarget, canFollowImport } from '../policies/imports';
import { createImport, dropImport, findImport, setImportJob } from '../domain/imports/start';
import { awaitImport, importAsFollowed } from '../domain/imports/follow';
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
    // links written into the imported pages: site-relative unless a site URL is configured
    siteBase: await pageLinkBase(req.deps),
  });
}

/** Stores the upload as an import and queues its job (an import the queue refused is forgotten). */
async function queue(req: ActionRequest, p: { item_id: number; cat_id: number }): Promise<{ importId: string; jobId: string }> {
  const importId = await begin(req, p);
  let jobId: string;
  try {
    ({ jobId } = await enqueueJob(req.deps, 'import.auto', { importId }, { uid: req.me().uid, itemId: p.item_id || undefined }));
  } catch (e) {
    await dropImport(req.deps, importId);
    throw e;
  }
  await setImportJob(req.deps, importId, jobId);
  return { importId, jobId };
}

const auto = action(api.auto, {
  auth: 'required',
  upload: true,
  async run(req, p) {
    const { importId, jobId } = await queue(req, p);
    // a client that hangs up stops the wait, not the import (it stays in the user's Downloads)
    const gone = new AbortController();
    req.ctx.res.once('close', () => gone.abort());
    const out = await awaitImport(req.deps, importId, jobId, gone.signal);
    return presentImported(out.itemId, out.importId);
  },
});

const start = action(api.start, {
  auth: 'required',
  upload: true,
  async run(req, p) {
    const { importId, jobId } = await queue(req, p);
    return presentStarted(importId, jobId);
  },
});

const status = action(api.status, {
  auth: 'required',
  async run(req, p) {
    const run = await findImport(req.deps, p.import_id);
    // someone else's import is answered like a missing one
    if (!run || !canFollowImport(req.me(), run)) throw new ApiError(ErrorCode.GENERIC, 'This import no longer exists (imports are kept for 7 days)');
    return presentImportStatus(await importAsFollowed(req.deps, run));
  },
});

export default controller('import', { auto, start, status });
