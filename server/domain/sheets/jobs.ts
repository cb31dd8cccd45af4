// The xlsx import and export jobs of a table item (kinds 'import.xlsx', 'export.xlsx',
// registered in workers/jobs.ts). Access was decided before enqueueing (server/policies/sheets.ts).
// The import reads and checks the whole file before it writes anything: a refused workbook
// changes nothing. Both may run twice (retries) with the same effect.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import * as Y from 'yjs';
import type { AppDeps } from '../../deps';
import type { JobHandler } from '../../jobs/types';
import { ApiError } from '../../errors';
import * as pageRepo from '../../db/repos/pages';
import { savePage } from '../pages/save';
import { loadState } from '../collab/store';
import { writeWorkbookToStoredDoc } from '../collab/sheetStore';
import { PAGE_CONTENT_MAX_CHARS } from '../../../shared/limits';
import { XLSX_MAX_BYTES } from '../../../shared/sheet/limits';
import { cellCount, serializeWorkbook, type Workbook } from '../../../shared/sheet/workbook';
import { parseWorkbookContent } from '../../../shared/sheet/content';
import { hasWorkbook, yDocToWorkbook } from '../../../shared/sheet/ydoc';
import { checkXlsxFile } from './zipCheck';
import { fileTooLarge, pageGone, tooLargeForPage, zipRefusal } from './errors';

export interface SheetImportData {
  itemId: number;
  pageId: number;
  /** the staged upload, in the data directory (stageXlsxUpload) */
  file: string;
  username: string;
}

export interface SheetExportData {
  itemId: number;
  pageId: number;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const stagingDir = (deps: Pick<AppDeps, 'config'>) => path.join(deps.config.dataDir, 'sheet-imports');

/** Checks an upload's size and bytes (old .xls, not a zip, zip bomb) and keeps it for the job. */
export async function stageXlsxUpload(deps: Pick<AppDeps, 'config'>, upload: { filepath: string; size: number }): Promise<string> {
  if (upload.size > XLSX_MAX_BYTES) throw fileTooLarge();
  const verdict = await checkXlsxFile(upload.filepath);
  if (!verdict.ok) throw zipRefusal(verdict);
  const dir = stagingDir(deps);
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, `${randomBytes(12).toString('hex')}.xlsx`);
  await fs.copyFile(upload.filepath, target);
  return target;
}

/** The workbook as everyone sees it now: the stored co-editing document, else the saved page. */
async function currentWorkbook(deps: AppDeps, pageId: number): Promise<Workbook | null> {
  const state = await loadState(deps, `page.${pageId}`);
  if (state.exists) {
    const doc = new Y.Doc();
    try {
      for (const u of state.updates) Y.applyUpdate(doc, u);
      if (hasWorkbook(doc)) return yDocToWorkbook(doc);
    } finally {
      doc.destroy();
    }
  }
  const page = await pageRepo.findById(deps.db, pageId);
  return page ? parseWorkbookContent(page.pageContent) : null;
}

export const importXlsx: JobHandler<SheetImportData> = async (deps, data, ctx) => {
  const page = await pageRepo.findById(deps.db, data.pageId);
  if (!page || page.itemId !== data.itemId) throw pageGone();
  try {
    await ctx.progress(5, 'Checking the file');
    const verdict = await checkXlsxFile(data.file);
    if (!verdict.ok) throw zipRefusal(verdict);
    await ctx.progress(15, 'Reading the workbook');
    // exceljs is loaded with the first spreadsheet job (memory: DESIGN §7)
    const { readXlsx } = await import('./xlsxRead');
    const wb = await readXlsx(data.file);
    ctx.signal.throwIfAborted();
    // new sheet ids: the import replaces the workbook, so every open grid drops the old sheets
    // whole (a stale writer cannot bring their cells back); the job's id keeps a retry identical
    wb.sheets.forEach((s, i) => (s.id = `x${ctx.jobId.slice(-8)}.${i + 1}`));
    const content = serializeWorkbook(wb);
    if (content.length > PAGE_CONTENT_MAX_CHARS) throw tooLargeForPage();
    await ctx.progress(70, 'Saving');
    // a retry after the save finds the same content: nothing written twice
    if (page.pageContent !== content) {
      await savePage(deps, { itemId: data.itemId, pageId: data.pageId, title: page.pageTitle, content, uid: ctx.uid, username: data.username, source: 'import', comments: 'xlsx import' });
    }
    await writeWorkbookToStoredDoc(deps, `page.${data.pageId}`, wb, ctx.uid);
    await fs.rm(data.file, { force: true });
    return { summary: { sheets: wb.sheets.length, cells: cellCount(wb) } };
  } catch (err) {
    // a refusal will not change on retry: the staged file goes now
    if (err instanceof ApiError) await fs.rm(data.file, { force: true });
    throw err;
  }
};

export const exportXlsx: JobHandler<SheetExportData> = async (deps, data, ctx) => {
  const wb = await currentWorkbook(deps, data.pageId);
  if (!wb) throw pageGone();
  await ctx.progress(30, 'Writing showdoc.xlsx');
  const file = ctx.scratchPath('showdoc.xlsx');
  const { writeXlsx } = await import('./xlsxWrite');
  await writeXlsx(wb, file);
  return { file: { path: file, name: 'showdoc.xlsx', type: XLSX_TYPE }, summary: { sheets: wb.sheets.length, cells: cellCount(wb) } };
};
