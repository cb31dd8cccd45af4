// Import rows → the answers of import/auto, import/start and import/status (shared/api/import.ts).
import type { ImportRun, StoredImportReport } from '../db/repos/imports';
import type { Imported, ImportReport, ImportStarted, ImportStatus } from '../../shared/api/import';

export const presentImported = (itemId: number, importId: string): Imported => ({ item_id: itemId, import_id: importId });

export const presentStarted = (importId: string, jobId: string): ImportStarted => ({ import_id: importId, job_id: jobId });

export function presentReport(r: StoredImportReport): ImportReport {
  return {
    format: r.format,
    format_label: r.formatLabel,
    item_id: r.itemId,
    new_item: r.newItem ? 1 : 0,
    cat_id: r.catId,
    pages_created: r.pagesCreated,
    catalogs_created: r.catalogsCreated,
    attachments_created: r.filesCreated,
    skipped: r.skipped.map((s) => ({ name: s.name, reason: s.reason })),
    skipped_total: r.skippedTotal,
  };
}

export function presentImportStatus(run: ImportRun): ImportStatus {
  return {
    import_id: run.id,
    job_id: run.jobId,
    file_name: run.fileName,
    state: run.state,
    progress: run.progress,
    stage: run.stage,
    item_id: run.itemId,
    report: run.report ? presentReport(run.report as unknown as StoredImportReport) : null,
    error: run.error,
  };
}
