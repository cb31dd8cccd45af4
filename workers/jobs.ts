// Every kind of background job and the function that runs it. A process that runs jobs
// (`npm run workers`; the server itself without Redis, or with JOBS_IN_API=1) registers exactly
// these: nothing registers itself by being imported. To add a kind: write its JobHandler (domain
// code, see server/jobs/types.ts), add the kind to JobKind there, and list it here.
import type { Config } from '../server/config';
import type { JobHandlers } from '../server/jobs/types';
import { testJobHandlers } from '../server/jobs/testKinds';
import { importAutoHandler } from '../server/domain/imports/run';
import { authorizeImportJob } from '../server/policies/imports';
import { exportXlsx, importXlsx } from '../server/domain/sheets/jobs';
import { showdocImportHandler } from '../server/domain/showdoc/adminJob';
import { importShowdoc } from '../server/domain/showdoc/import';
import { authorizeShowdocImportJob } from '../server/policies/showdocImport';
import { exportHandlers } from './exportJobs';
import { pushNoticeHandler } from '../server/domain/notices/webhook';

export function jobHandlers(config: Pick<Config, 'testJobs'>): JobHandlers {
  return {
    // exports (server/domain/exports): 'export.word', 'export.markdown', 'export.html'; what the
    // user may export is decided again when the job runs (workers/exportJobs.ts)
    ...exportHandlers,
    // a file into a new item or an item's catalog; access is asked again when it runs
    'import.auto': importAutoHandler(authorizeImportJob),
    // spreadsheet items (server/domain/sheets): an .xlsx into a table item's page, or out of it
    'import.xlsx': importXlsx,
    'export.xlsx': exportXlsx,
    // a whole ShowDoc installation, from the admin console (#21); administrators only, asked again when it runs
    'import.showdoc': showdocImportHandler(authorizeShowdocImportJob, importShowdoc),
    // a notice POSTed to its user's webhook (#23): a few bounded tries, the address checked again each time
    'notice.push': pushNoticeHandler,
    ...(config.testJobs ? testJobHandlers : {}),
  };
}
