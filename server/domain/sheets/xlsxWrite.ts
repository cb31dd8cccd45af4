// Our workbook → an .xlsx file (showdoc.xlsx), with exceljs: what the import reads, written back.
// Formula injection: only cells that are formulas in the grid are written as formulas; text that
// starts with = + - @ is written as text (a string cell with the text number format), so opening
// the file in a spreadsheet program cannot run it.
import ExcelJS from 'exceljs';
import { parseCellKey, type Cell, type Sheet, type Workbook } from '../../../shared/sheet/workbook';

const FORMULA_START = /^[=+\-@\t\r]/;

/** whether a text value would be taken for a formula by a spreadsheet program */
export const looksLikeFormula = (text: string) => FORMULA_START.test(text);

const argb = (hex: string | undefined) => (hex && /^#[0-9a-fA-F]{6}$/.test(hex) ? { argb: `FF${hex.slice(1).toUpperCase()}` } : undefined);

/** Excel's sheet-name rules: at most 31 characters, none of []:*?/\, unique (case-insensitive) */
function sheetName(name: string, taken: Set<string>): string {
  const base = (name.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet').slice(0, 31);
  let out = base;
  for (let n = 2; taken.has(out.toLowerCase()); n++) out = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(out.toLowerCase());
  return out;
}

function writeCell(target: ExcelJS.Cell, cell: Cell): void {
  if (cell.f) {
    const result = cell.v ?? undefined;
    target.value = { formula: cell.f.replace(/^=/, ''), ...(result !== undefined && result !== null ? { result } : {}) } as ExcelJS.CellFormulaValue;
  } else if (typeof cell.v === 'string') {
    target.value = cell.v;
    if (looksLikeFormula(cell.v)) target.numFmt = '@';
  } else if (cell.v !== undefined && cell.v !== null) target.value = cell.v;
  if (cell.nf && !(typeof cell.v === 'string' && looksLikeFormula(cell.v))) target.numFmt = cell.nf;
  const s = cell.s;
  if (!s) return;
  const font: Partial<ExcelJS.Font> = {};
  if (s.b) font.bold = true;
  if (s.i) font.italic = true;
  if (s.u) font.underline = true;
  if (s.st) font.strike = true;
  if (s.fs) font.size = s.fs;
  if (s.ff) font.name = s.ff;
  const fc = argb(s.fc);
  if (fc) font.color = fc;
  if (Object.keys(font).length) target.font = font;
  const bg = argb(s.bg);
  if (bg) target.fill = { type: 'pattern', pattern: 'solid', fgColor: bg };
  if (s.ha || s.va) target.alignment = { ...(s.ha ? { horizontal: s.ha } : {}), ...(s.va ? { vertical: s.va } : {}) };
}

function writeSheet(ws: ExcelJS.Worksheet, s: Sheet): void {
  for (const [key, cell] of Object.entries(s.cells)) {
    const at = parseCellKey(key);
    if (at) writeCell(ws.getCell(at.r + 1, at.c + 1), cell);
  }
  for (const [c, px] of Object.entries(s.colWidths)) ws.getColumn(Number(c) + 1).width = Math.max(1, Math.round(((px - 5) / 7) * 100) / 100);
  for (const [r, px] of Object.entries(s.rowHeights)) ws.getRow(Number(r) + 1).height = Math.round(((px * 3) / 4) * 100) / 100;
  for (const m of s.merges) {
    try {
      ws.mergeCells(m.r + 1, m.c + 1, m.r + m.rs, m.c + m.cs);
    } catch {
      // overlapping merges (possible in hand-made content): the first one stands
    }
  }
  if (s.frozen) ws.views = [{ state: 'frozen', xSplit: s.frozen.cols, ySplit: s.frozen.rows }];
}

export async function writeXlsx(wb: Workbook, path: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Quire';
  const taken = new Set<string>();
  for (const s of wb.sheets) writeSheet(book.addWorksheet(sheetName(s.name, taken)), s);
  await book.xlsx.writeFile(path);
}
