// An .xlsx file → our workbook, with exceljs (never `xlsx`: its advisories have no fix on npm).
// Values, formulas (as formulas, with their cached results), merges, column widths, row heights,
// freeze panes, basic styles (bold, italic, underline, strike, colours, size, font, alignment)
// and number formats. The limits are checked on the zip first (zipCheck.ts) and on the sheets here.
import ExcelJS from 'exceljs';
import { cellKey, parseCellName, DEFAULT_COLS, DEFAULT_ROWS, WORKBOOK_TYPE, WORKBOOK_VERSION, type Cell, type CellStyle, type Merge, type Sheet, type Workbook } from '../../../shared/sheet/workbook';
import { SHEET_MAX_COLS, SHEET_MAX_ROWS, WORKBOOK_MAX_CELLS, WORKBOOK_MAX_SHEETS } from '../../../shared/sheet/limits';
import { notXlsx, sheetTooLarge, tooManyCells, tooManySheets } from './errors';

/** Excel's ARGB ('FF112233') → '#112233' */
function colour(c: Partial<ExcelJS.Color> | undefined): string | undefined {
  const argb = c?.argb;
  return typeof argb === 'string' && /^[0-9A-Fa-f]{8}$/.test(argb) ? `#${argb.slice(2).toLowerCase()}` : undefined;
}

function styleOf(cell: ExcelJS.Cell): CellStyle | undefined {
  const s: CellStyle = {};
  const f = cell.font ?? {};
  if (f.bold) s.b = true;
  if (f.italic) s.i = true;
  if (f.underline) s.u = true;
  if (f.strike) s.st = true;
  const fc = colour(f.color);
  if (fc && fc !== '#000000') s.fc = fc;
  if (f.size && f.size !== 11) s.fs = f.size;
  if (f.name && f.name !== 'Calibri') s.ff = f.name;
  const fill = cell.fill;
  if (fill?.type === 'pattern' && fill.pattern === 'solid') {
    const bg = colour(fill.fgColor);
    if (bg) s.bg = bg;
  }
  const h = cell.alignment?.horizontal;
  if (h === 'left' || h === 'center' || h === 'right') s.ha = h;
  const v = cell.alignment?.vertical;
  if (v === 'top' || v === 'bottom') s.va = v;
  else if (v === 'middle') s.va = 'middle';
  return Object.keys(s).length ? s : undefined;
}

type Plain = string | number | boolean | null;

/** a cell value or a formula's result as a plain value */
function plain(v: unknown): Plain {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; error?: string; result?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.error) return o.error;
    if ('result' in o) return plain(o.result);
    if (typeof o.text === 'string') return o.text;
  }
  return null;
}

function cellOf(c: ExcelJS.Cell): Cell | null {
  const out: Cell = {};
  if (c.type === ExcelJS.ValueType.Formula) {
    const formula = c.formula;
    if (formula) out.f = `=${formula}`;
    const r = plain(c.result);
    if (r !== null) out.v = r;
  } else if (c.type !== ExcelJS.ValueType.Merge) {
    const v = plain(c.value);
    if (v !== null && v !== '') out.v = v;
  }
  if (c.numFmt && c.numFmt !== 'General') out.nf = c.numFmt;
  const s = styleOf(c);
  if (s) out.s = s;
  return out.v !== undefined || out.f || out.s || out.nf ? out : null;
}

function mergesOf(ws: ExcelJS.Worksheet): Merge[] {
  const refs = (ws.model as { merges?: string[] }).merges ?? [];
  const out: Merge[] = [];
  for (const ref of refs) {
    const [a, b] = ref.split(':');
    const from = parseCellName(a ?? '');
    const to = parseCellName(b ?? a ?? '');
    if (from && to && (to.r > from.r || to.c > from.c)) out.push({ r: from.r, c: from.c, rs: to.r - from.r + 1, cs: to.c - from.c + 1 });
  }
  return out.sort((x, y) => x.r - y.r || x.c - y.c);
}

/** Excel widths are in characters, heights in points: the grid's pixels */
const widthPx = (chars: number) => Math.round(chars * 7 + 5);
const heightPx = (pt: number) => Math.round((pt * 4) / 3);

function sheetOf(ws: ExcelJS.Worksheet, index: number, counted: { cells: number }): Sheet {
  const cells: Record<string, Cell> = {};
  const rowHeights: Record<string, number> = {};
  let maxRow = 0;
  let maxCol = 0;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber > SHEET_MAX_ROWS) throw sheetTooLarge(ws.name);
    if (row.height && Math.abs(row.height - 15) > 0.01) rowHeights[String(rowNumber - 1)] = heightPx(row.height);
    row.eachCell({ includeEmpty: false }, (c, colNumber) => {
      if (colNumber > SHEET_MAX_COLS) throw sheetTooLarge(ws.name);
      const cell = cellOf(c);
      if (!cell) return;
      if (++counted.cells > WORKBOOK_MAX_CELLS) throw tooManyCells();
      cells[cellKey(rowNumber - 1, colNumber - 1)] = cell;
      maxRow = Math.max(maxRow, rowNumber);
      maxCol = Math.max(maxCol, colNumber);
    });
  });
  const colWidths: Record<string, number> = {};
  (ws.columns ?? []).forEach((col, i) => {
    if (col?.width && i < SHEET_MAX_COLS) colWidths[String(i)] = widthPx(col.width);
  });
  const merges = mergesOf(ws);
  for (const m of merges) if (m.r + m.rs > SHEET_MAX_ROWS || m.c + m.cs > SHEET_MAX_COLS) throw sheetTooLarge(ws.name);
  const view = ws.views?.[0] as { state?: string; xSplit?: number; ySplit?: number } | undefined;
  const frozen = view?.state === 'frozen' ? { rows: view.ySplit ?? 0, cols: view.xSplit ?? 0 } : undefined;
  return {
    id: `s${index + 1}`,
    name: ws.name || `Sheet${index + 1}`,
    rows: Math.max(DEFAULT_ROWS, maxRow),
    cols: Math.max(DEFAULT_COLS, maxCol),
    ...(frozen && (frozen.rows > 0 || frozen.cols > 0) ? { frozen } : {}),
    colWidths,
    rowHeights,
    merges,
    cells,
  };
}

/** Reads an .xlsx file whose zip already passed checkXlsxFile. */
export async function readXlsx(path: string): Promise<Workbook> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.readFile(path);
  } catch {
    throw notXlsx();
  }
  if (book.worksheets.length > WORKBOOK_MAX_SHEETS) throw tooManySheets();
  const counted = { cells: 0 };
  const sheets = book.worksheets.map((ws, i) => sheetOf(ws, i, counted));
  if (!sheets.length) throw notXlsx();
  return { type: WORKBOOK_TYPE, version: WORKBOOK_VERSION, sheets };
}
