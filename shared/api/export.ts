// /api/export/*: Word and Markdown exports (ShowDoc's names; the offline HTML export is
// exportHtml/export, in ./exportHtml.ts). word and markdown are opened by browser navigation
// (GET, the session cookie or ShowDoc's user_token in the URL): up to 50 pages the file comes
// straight back; a larger export becomes a job and the navigation goes to the Downloads screen.
import { endpoint, type NoData } from './contract';
import { id, oneOf, text } from './fields';

/** The file itself (or a redirect to /downloads?job=<id>): no envelope. */
export const word = endpoint<NoData>()('export/word', {
  item_id: text({ required: true, max: 50 }),
  /** one catalog (with its sub-catalogs); 0 or '' = the whole item */
  cat_id: id(),
  /** one page; 0 = every page of the item or of cat_id */
  page_id: id(),
});

/** The whole item as a zip in ShowDoc's layout (info.json + one .md per page + attachments). */
export const markdown = endpoint<NoData>()('export/markdown', {
  item_id: text({ required: true, max: 50 }),
});

/** ShowDoc's clients ask this before exporting; the open-source server has no limit to report. */
export const checkMarkdownLimit = endpoint<NoData>()('export/checkMarkdownLimit', {
  export_format: text({ max: 20 }),
});

export const EXPORT_FORMATS = ['word', 'markdown', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Quire: how the Export screen starts an export. */
export interface ExportStart {
  /** 'file': open `url` (the file comes straight back); 'job': the export runs in the background */
  mode: 'file' | 'job';
  /** 'file': the download address; 'job': the Downloads screen showing the job */
  url: string;
  /** 'job' only */
  job_id: string;
  /** pages the export holds */
  pages: number;
}

export const start = endpoint<ExportStart>()('export/start', {
  item_id: text({ required: true, max: 50 }),
  format: oneOf(EXPORT_FORMATS, 'word'),
  cat_id: id(),
  page_id: id(),
});
