// The ShowDoc import's inputs and its report (#21). One operation, three callers: the CLI
// (`npm run import:showdoc`), the admin console's job ('import.showdoc') and the tests.
import type { MessageVars } from '../../../shared/messages';

export interface ShowdocImportOptions {
  /** ShowDoc's database file: Sqlite/showdoc.db.php */
  dbFile: string;
  /** ShowDoc's Public/Uploads folder; null: rows of files are imported, every file reported missing */
  uploadsDir: string | null;
  /** the old site's address (http://docs.example.com/showdoc), to rewrite absolute links in pages; default: the option site_url */
  siteUrl?: string;
  /** count what would be imported, write nothing */
  dryRun?: boolean;
  /** 0–100 and a stage (an English message template, its Chinese text in shared/messages/showdoc.ts) */
  progress?: (percent: number, stage: string, vars?: MessageVars) => Promise<void> | void;
  /** stops the run at the next batch (what was written stays and is skipped by the next run) */
  signal?: AbortSignal;
}

/** per source table: rows read, rows written by this run, rows an earlier run wrote, rows skipped */
export interface ShowdocTableCount {
  source: number;
  imported: number;
  already: number;
  skipped: number;
}

export interface ShowdocSkip {
  table: string;
  /** the source row (its id, or its key) */
  key: string;
  /** English message template and its values */
  reason: string;
  vars?: MessageVars;
}

export interface ShowdocImportReport {
  dryRun: boolean;
  /** per Quire table: true when ShowDoc's ids were kept (the table held nothing else) */
  keptIds: Record<string, boolean>;
  tables: Record<string, ShowdocTableCount>;
  /** the source tables in the order they were imported (a JSON object stored as jsonb loses it) */
  tableOrder: string[];
  /** the first 1,000 rows skipped, or imported with a change (a personal domain dropped, a catalog folded), with why; skippedTotal counts them all */
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
