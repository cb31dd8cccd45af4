// The refusals of xlsx import and export (English templates; Chinese in shared/messages/sheets.ts).
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { SHEET_MAX_COLS, SHEET_MAX_ROWS, WORKBOOK_MAX_CELLS, WORKBOOK_MAX_SHEETS, XLSX_MAX_BYTES, XLSX_MAX_UNZIPPED_BYTES } from '../../../shared/sheet/limits';
import type { ZipVerdict } from './zipCheck';

const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);
const MB = 1024 * 1024;

export const oldXls = () => refuse('This is an old Excel (.xls) file: open it in Excel or LibreOffice, save it as .xlsx, and import that');
export const notXlsx = () => refuse('This file is not an Excel workbook (.xlsx), or it is damaged');
export const zipBomb = () => refuse('This workbook would unpack to more than {mb} MB, so it was not imported', { mb: XLSX_MAX_UNZIPPED_BYTES / MB });
export const fileTooLarge = () => refuse('The workbook is larger than {mb} MB, so it was not imported', { mb: XLSX_MAX_BYTES / MB });
export const sheetTooLarge = (name: string) =>
  refuse('Sheet "{name}" is too large: at most {rows} rows and {cols} columns can be imported', { name, rows: SHEET_MAX_ROWS, cols: SHEET_MAX_COLS });
export const tooManyCells = () => refuse('The workbook has more than {max} cells, so it was not imported', { max: WORKBOOK_MAX_CELLS });
export const tooManySheets = () => refuse('The workbook has more than {max} sheets, so it was not imported', { max: WORKBOOK_MAX_SHEETS });
export const tooLargeForPage = () => refuse('The imported workbook is too large to keep as one spreadsheet page');
export const pageGone = () => refuse('The spreadsheet page no longer exists');
export const noFile = () => refuse('Choose an .xlsx file to import');

export function zipRefusal(v: Exclude<ZipVerdict, { ok: true }>): ApiError {
  if (v.why === 'xls') return oldXls();
  if (v.why === 'not-zip') return notXlsx();
  return zipBomb();
}
