// /api/import/*: files into Quire (ShowDoc and Markdown zips, OpenAPI 2/3, Postman v2), into a
// new item or an existing item's catalog. The file travels as the multipart field `file`.
// import/auto keeps ShowDoc's contract (answers once the import finished); the web client
// starts the import as a job (import/start) and follows it (import/status).
import { endpoint } from './contract';
import { id, text } from './fields';

/** Where to import: item_id 0 (or absent) makes a new item; cat_id 0 is the item's root. */
const target = {
  item_id: id(),
  cat_id: id(),
};

export interface Imported {
  item_id: number;
  /** Quire: import/status answers the report of this import */
  import_id: string;
}

/** ShowDoc's import: runs now, answers the item the file went into. */
export const auto = endpoint<Imported>()('import/auto', target);

export interface ImportStarted {
  import_id: string;
  /** the queue's job (the Downloads / Jobs screen lists it) */
  job_id: string;
}

export const start = endpoint<ImportStarted>()('import/start', target);

export interface ImportSkip {
  /** the file, zip entry or operation */
  name: string;
  reason: string;
}

export interface ImportReport {
  /** 'showdoc' | 'markdown' | 'openapi' | 'postman' */
  format: string;
  /** 'OpenAPI 3.0.3', 'Postman collection v2.1', 'ShowDoc export (info.json)' */
  format_label: string;
  item_id: number;
  /** 1 when the import made a new item */
  new_item: number;
  cat_id: number;
  pages_created: number;
  catalogs_created: number;
  attachments_created: number;
  /** what was left out and why (the first 200) */
  skipped: ImportSkip[];
  skipped_total: number;
}

export interface ImportStatus {
  import_id: string;
  job_id: string;
  file_name: string;
  /** queued | running | done | failed */
  state: string;
  /** 0–100 */
  progress: number;
  /** what it is doing ("Page 120 of 5,000") */
  stage: string;
  /** the item the file went into, once done */
  item_id: number;
  report: ImportReport | null;
  /** why it failed */
  error: string;
}

/** The caller's own import. */
export const status = endpoint<ImportStatus>()('import/status', { import_id: text({ required: true, max: 64 }) });
