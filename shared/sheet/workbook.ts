// The spreadsheet item's stored document: the whole workbook as one JSON text in the page's
// content (what page/info returns and page/save writes). A marker field tells it apart from
// Markdown; ShowDoc's x-spreadsheet arrays are converted on first read (content.ts).
export const WORKBOOK_TYPE = 'quire.workbook';
export const WORKBOOK_VERSION = 1;

/** The grid a new sheet shows (spec: 500 rows of height 25). */
export const DEFAULT_ROWS = 500;
export const DEFAULT_COLS = 26;
export const DEFAULT_ROW_HEIGHT = 25;

/** Basic cell styles: what xlsx import/export and the grid both keep. */
export interface CellStyle {
  /** bold, italic, underline, strike-through */
  b?: boolean;
  i?: boolean;
  u?: boolean;
  st?: boolean;
  /** font colour and background, '#rrggbb' */
  fc?: string;
  bg?: string;
  /** font size (pt) and family */
  fs?: number;
  ff?: string;
  /** horizontal and vertical alignment */
  ha?: 'left' | 'center' | 'right';
  va?: 'top' | 'middle' | 'bottom';
}

export interface Cell {
  /** the value; for a formula, its last computed result (recomputed by every client) */
  v?: string | number | boolean | null;
  /** a formula, with its leading '=' */
  f?: string;
  /** number format (Excel's codes, e.g. '0.00%') */
  nf?: string;
  s?: CellStyle;
}

export interface Merge {
  r: number;
  c: number;
  rs: number;
  cs: number;
}

export interface Sheet {
  /** stable id: cells and metadata are keyed by it in the Y.Doc, so renaming is one field */
  id: string;
  name: string;
  rows: number;
  cols: number;
  frozen?: { rows: number; cols: number };
  /** column widths and row heights in pixels, keyed by index */
  colWidths: Record<string, number>;
  rowHeights: Record<string, number>;
  merges: Merge[];
  /** keyed by cellKey(r, c) */
  cells: Record<string, Cell>;
}

export interface Workbook {
  type: typeof WORKBOOK_TYPE;
  version: number;
  sheets: Sheet[];
}

export const cellKey = (r: number, c: number) => `${r},${c}`;

export function parseCellKey(key: string): { r: number; c: number } | null {
  const m = /^(\d+),(\d+)$/.exec(key);
  return m ? { r: Number(m[1]), c: Number(m[2]) } : null;
}

/** A1-style name of a cell (0-based row and column). */
export function cellName(r: number, c: number): string {
  let col = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) col = String.fromCharCode(65 + ((n - 1) % 26)) + col;
  return `${col}${r + 1}`;
}

/** 0-based row and column of an A1-style name. */
export function parseCellName(name: string): { r: number; c: number } | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(name.trim());
  if (!m) return null;
  let c = 0;
  for (const ch of m[1].toUpperCase()) c = c * 26 + (ch.charCodeAt(0) - 64);
  return { r: Number(m[2]) - 1, c: c - 1 };
}

export function emptySheet(id: string, name: string): Sheet {
  return { id, name, rows: DEFAULT_ROWS, cols: DEFAULT_COLS, colWidths: {}, rowHeights: {}, merges: [], cells: {} };
}

export function emptyWorkbook(): Workbook {
  return { type: WORKBOOK_TYPE, version: WORKBOOK_VERSION, sheets: [emptySheet('s1', 'Sheet1')] };
}

export function isWorkbook(x: unknown): x is Workbook {
  return typeof x === 'object' && x !== null && (x as Workbook).type === WORKBOOK_TYPE && Array.isArray((x as Workbook).sheets);
}

/** how serializeWorkbook's text begins */
export const WORKBOOK_PREFIX = '{"type":"quire.workbook"';

/** whether stored page content is our workbook JSON (cheap test first: this runs on every page) */
export function isWorkbookContent(content: string): boolean {
  if (!content.startsWith(WORKBOOK_PREFIX)) return false;
  try {
    return isWorkbook(JSON.parse(content));
  } catch {
    return false;
  }
}

/** Fills the fields an older or hand-made document may lack, and drops what is not a cell. */
export function normalizeWorkbook(wb: Workbook): Workbook {
  const sheets = wb.sheets
    .filter((s) => s && typeof s === 'object')
    .map((s, i) => ({
      id: typeof s.id === 'string' && s.id ? s.id : `s${i + 1}`,
      name: typeof s.name === 'string' && s.name ? s.name : `Sheet${i + 1}`,
      rows: Number.isInteger(s.rows) && s.rows > 0 ? s.rows : DEFAULT_ROWS,
      cols: Number.isInteger(s.cols) && s.cols > 0 ? s.cols : DEFAULT_COLS,
      ...(s.frozen && (s.frozen.rows > 0 || s.frozen.cols > 0) ? { frozen: { rows: s.frozen.rows | 0, cols: s.frozen.cols | 0 } } : {}),
      colWidths: { ...(s.colWidths ?? {}) },
      rowHeights: { ...(s.rowHeights ?? {}) },
      merges: Array.isArray(s.merges) ? s.merges.filter((m) => m && m.rs >= 1 && m.cs >= 1 && (m.rs > 1 || m.cs > 1)) : [],
      cells: Object.fromEntries(Object.entries(s.cells ?? {}).filter(([k, v]) => parseCellKey(k) && v && typeof v === 'object')),
    }));
  return { type: WORKBOOK_TYPE, version: WORKBOOK_VERSION, sheets: sheets.length ? sheets : emptyWorkbook().sheets };
}

/** The stored text: the marker first (isWorkbookContent looks for it there). */
export function serializeWorkbook(wb: Workbook): string {
  return JSON.stringify({ type: WORKBOOK_TYPE, version: WORKBOOK_VERSION, sheets: wb.sheets });
}

/** What a cell shows as text (search, diffs, exports of plain values). */
export function cellText(cell: Cell | undefined): string {
  if (!cell) return '';
  if (cell.v === null || cell.v === undefined) return cell.f ?? '';
  return String(cell.v);
}

export function cellCount(wb: Workbook): number {
  return wb.sheets.reduce((n, s) => n + Object.keys(s.cells).length, 0);
}

/** All cell text of a workbook, one cell a line (the search index reads this, not the JSON). */
export function workbookText(wb: Workbook): string {
  const lines: string[] = [];
  for (const s of wb.sheets) {
    lines.push(s.name);
    for (const cell of Object.values(s.cells)) {
      const t = cellText(cell);
      if (t) lines.push(t);
    }
  }
  return lines.join('\n');
}
