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

export type { ShowdocImportReport, ShowdocSkip, ShowdocTableCount } from '../../../shared/api/adminShowdoc';
