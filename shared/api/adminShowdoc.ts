// /api/adminShowdoc/*: moving a ShowDoc installation into Quire from the admin console (#21).
// Administrators only (10103). Our extension. The import runs as the job 'import.showdoc': it is
// followed like any job (job/info, job/list, the 'job' socket push), and its summary is the
// import's report below.
import { endpoint } from './contract';
import { flag, text } from './fields';
import type { JobInfo } from './job';
import type { MessageVars } from '../messages';

/** per source table: rows read, written by this run, written by an earlier run, skipped */
export interface ShowdocTableCount {
  source: number;
  imported: number;
  already: number;
  skipped: number;
}

/** The job's summary: the import's report (server/domain/showdoc/types.ts ShowdocImportReport). */
export interface ShowdocImportSummary {
  dryRun: boolean;
  /** per Quire table: true when ShowDoc's ids were kept */
  keptIds: Record<string, boolean>;
  tables: Record<string, ShowdocTableCount>;
  /** the first 1,000 skipped rows: the table, the row's id or key, why (an English template and its values) */
  skipped: { table: string; key: string; reason: string; vars?: MessageVars }[];
  skippedTotal: number;
  /** files named by the database but absent from the zip (first 1,000) */
  missingFiles: string[];
  missingFilesTotal: number;
  /** ShowDoc id → Quire id where it changed */
  idMap: Record<'item' | 'catalog' | 'page', Array<[number, number]>>;
  /** ShowDoc users merged into a Quire account of the same name */
  mergedUsers: string[];
  seconds: number;
  /** where the admin console shows this report (Downloads' Open button) */
  link: string;
}

/**
 * Multipart: `db` the database file (Sqlite/showdoc.db.php), `uploads` an optional zip of
 * Public/Uploads; the credential in the cookie or an X-API-Token header (the body is read only
 * after the caller was found to be an administrator). Answers the queued job.
 */
export const start = endpoint<JobInfo>()('adminShowdoc/start', {
  /** the old site's address, to rewrite absolute links (default: the database's site_url option) */
  site_url: text({ max: 500 }),
  /** count what would be imported, write nothing */
  dry_run: flag(false),
});
