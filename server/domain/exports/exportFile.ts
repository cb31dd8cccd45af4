// One entry for every export: what it is called, which items can have it, how many pages it
// holds (small exports are answered at once, larger ones become jobs), and writing it.
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { ITEM_TYPE } from '../../../shared/limits';
import { loadOutline } from './outline';
import { sanitizeFileName } from './fileNames';
import { stamp, type ExportRun, type Lang } from './run';
import type { ExportFormat, ExportScope, ExportTarget } from './scope';

export interface ExportRequest {
  format: ExportFormat;
  /** Word only; Markdown and HTML export the whole item */
  target: ExportTarget;
  lang: Lang;
}

export interface ExportedFile {
  path: string;
  name: string;
  type: string;
  pages: number;
}

const TYPES: Record<ExportFormat, { ext: string; type: string; suffix: string }> = {
  word: { ext: '.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', suffix: '' },
  markdown: { ext: '.zip', type: 'application/zip', suffix: '_markdown' },
  html: { ext: '.zip', type: 'application/zip', suffix: '_offline' },
};

/** Spreadsheet items hold sheets, not pages: they are exported from the spreadsheet (.xlsx). */
export function checkExportable(scope: ExportScope): void {
  if (scope.item.itemType === ITEM_TYPE.table) {
    throw new ApiError(ErrorCode.GENERIC, 'A spreadsheet item is exported from the spreadsheet itself (.xlsx)');
  }
}

/** The pages an export would hold (the scope decides which). */
export async function exportPageCount(deps: Pick<AppDeps, 'db'>, scope: ExportScope, req: Pick<ExportRequest, 'format' | 'target'>): Promise<number> {
  checkExportable(scope);
  const outline = await loadOutline(deps, scope, req.format === 'word' ? req.target : { kind: 'item' });
  return outline.pageCount;
}

export function exportFileName(scope: ExportScope, format: ExportFormat, now: number): string {
  const t = TYPES[format];
  return `${sanitizeFileName(scope.item.itemName, 'export')}${t.suffix}_${stamp(now)}${t.ext}`;
}

/** Writes the export to `path`. */
export async function writeExport(deps: AppDeps, scope: ExportScope, req: ExportRequest, path: string, run: ExportRun): Promise<ExportedFile> {
  checkExportable(scope);
  const now = deps.now();
  let pages: number;
  // each writer (docx, jszip, markdown-it, highlight.js…) is loaded with the first export of its
  // kind: a server that never exports never holds them (DESIGN §7: 300 MB per API process)
  if (req.format === 'word') pages = (await (await import('./word')).writeWordExport(deps, scope, req.target, { lang: req.lang, now }, path, run)).pages;
  else if (req.format === 'markdown') pages = (await (await import('./markdown')).writeMarkdownExport(deps, scope, path, run)).pages;
  else pages = (await (await import('./html')).writeHtmlExport(deps, scope, { lang: req.lang, now }, path, run)).pages;
  return { path, name: exportFileName(scope, req.format, now), type: TYPES[req.format].type, pages };
}
