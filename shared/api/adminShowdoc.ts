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

/** a row not imported, or imported with a change the report tells: an English template and its values */
export interface ShowdocSkip {
  table: string;
  /** the source row (its id, or its key) */
  key: string;
  reason: string;
  vars?: MessageVars;
}

/** The import's report (server/domain/showdoc/import.ts), as the CLI prints it and the job keeps it. */
export interface ShowdocImportReport {
  dryRun: boolean;
  /** per Quire table: true when ShowDoc's ids were kept (the table held nothing else) */
  keptIds: Record<string, boolean>;
  tables: Record<string, ShowdocTableCount>;
  /** the source tables in the order they were imported (a JSON object stored as jsonb loses it) */
  tableOrder: string[];
  /** the first 1,000 rows skipped, or imported with a change (a personal domain dropped, a catalog folded); skippedTotal counts them all */
  skipped: ShowdocSkip[];
  skippedTotal: number;
  /** attachment files named by upload_file rows but absent from the uploads folder (first 1,000) */
  missingFiles: string[];
  missingFilesTotal: number;
  /** ShowDoc id → Quire id, for items, catalogs and pages whose id changed (first 1,000 of each) */
  idMap: Record<'item' | 'catalog' | 'page', Array<[number, number]>>;
  /** ShowDoc users merged into a Quire account of the same name */
  mergedUsers: string[];
  seconds: number;
}

/** The job's summary: the report, and where the admin console shows it (Downloads' Open button). */
export interface ShowdocImportSummary extends ShowdocImportReport {
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
