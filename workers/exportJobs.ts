// The export job handlers, bound to the export policy: each job decides again, when it runs,
// what its user may export (server/policies/exportScope.ts). The job registry registers these.
import { exportJobHandlers } from '../server/domain/exports/jobs';
import { exportScopeForJob } from '../server/policies/exportScope';

export const exportHandlers = exportJobHandlers(exportScopeForJob);
