// /api/adminShowdoc/*: moving a ShowDoc installation into Quire from the admin console (#21).
// Administrators only; the body (gigabytes) is read only once the caller is known to be one
// (ActionDef.largeUpload). The uploads are kept for the job 'import.showdoc', which the admin
// follows like any job (job/info, the 'job' socket push); its summary is the import's report.
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/adminShowdoc';
import { SHOWDOC_DB_MAX_MB, SHOWDOC_UPLOADS_ZIP_MAX_MB } from '../../shared/limits';
import { canImportShowdoc, showdocImportRefused } from '../policies/showdocImport';
import { ownJob } from '../policies/jobAccess';
import { dropShowdocUploads, keepShowdocUploads } from '../domain/showdoc/adminJob';
import { enqueueJob } from '../jobs/enqueue';
import { presentJob } from '../presenters/job';

const FIELDS = new Set(['db', 'uploads']);

const start = action(api.start, {
  auth: 'admin',
  upload: true,
  largeUpload: { maxFileMb: Math.max(SHOWDOC_DB_MAX_MB, SHOWDOC_UPLOADS_ZIP_MAX_MB), maxTotalMb: SHOWDOC_DB_MAX_MB + SHOWDOC_UPLOADS_ZIP_MAX_MB, maxFiles: 2 },
  async run(req, p) {
    const me = req.me();
    if (!canImportShowdoc(me)) throw showdocImportRefused();
    if (Object.keys(req.params.files).some((f) => !FIELDS.has(f))) {
      throw new ApiError(ErrorCode.GENERIC, 'Send the database in the field {db} and the zip in the field {uploads}', { db: 'db', uploads: 'uploads' });
    }
    const data = await keepShowdocUploads(req.deps, { db: req.params.file('db') ?? null, uploads: req.params.file('uploads') ?? null, siteUrl: p.site_url, dryRun: p.dry_run });
    let jobId: string;
    try {
      ({ jobId } = await enqueueJob(req.deps, 'import.showdoc', data, { uid: me.uid }));
    } catch (e) {
      // the queue refused it (Redis away): nothing is kept
      await dropShowdocUploads(req.deps, data).catch(() => {});
      throw e;
    }
    return presentJob(await ownJob(req.deps, req.user, jobId), req.lang);
  },
});

export default controller('adminShowdoc', { start });
