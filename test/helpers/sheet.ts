// Spreadsheet helpers for the realtime suites: read a replica's workbook, write one cell the
// way the grid does (only what changed), wait for a cell's value.
import { applyWorkbookChange, yDocToWorkbook } from '../../shared/sheet/ydoc';
import type { Cell, Workbook } from '../../shared/sheet/workbook';
import { until, type Editor } from './realtime';

export const workbookOf = (e: Editor): Workbook => yDocToWorkbook(e.doc);

export const cellOf = (e: Editor, key: string, sheet = 0): Cell | undefined => workbookOf(e).sheets[sheet]?.cells[key];

export function setCell(e: Editor, key: string, cell: Cell | null, sheet = 0): void {
  const before = workbookOf(e);
  const after = structuredClone(before);
  if (cell) after.sheets[sheet].cells[key] = cell;
  else delete after.sheets[sheet].cells[key];
  applyWorkbookChange(e.doc, before, after);
}

export const cellValueIs = (e: Editor, key: string, v: unknown, sheet = 0) => until(() => cellOf(e, key, sheet)?.v === v, `cell ${key} = ${String(v)}`);
