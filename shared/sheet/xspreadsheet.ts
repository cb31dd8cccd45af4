// ShowDoc's table items store x-spreadsheet's getData(): an array of sheets
// {name, freeze:'B2', styles[], merges['A1:B2'], rows{len, '<r>':{height?, cells{'<c>':{text, style?, merge?}}}},
//  cols{len, '<c>':{width}}} (showdoc-behaviour §6). Converted once, on first open.
import { DEFAULT_COLS, DEFAULT_ROWS, WORKBOOK_TYPE, WORKBOOK_VERSION, cellKey, emptyWorkbook, parseCellName, type Cell, type CellStyle, type Merge, type Sheet, type Workbook } from './workbook';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : typeof x === 'string' && /^\d+(\.\d+)?$/.test(x) ? Number(x) : undefined);

function styleOf(x: unknown): { s?: CellStyle; nf?: string } {
  if (!isObj(x)) return {};
  const s: CellStyle = {};
  const font = isObj(x.font) ? x.font : {};
  if (font.bold === true) s.b = true;
  if (font.italic === true) s.i = true;
  if (typeof font.size === 'number') s.fs = font.size;
  if (typeof font.name === 'string') s.ff = font.name;
  if (x.underline === true) s.u = true;
  if (x.strike === true) s.st = true;
  if (typeof x.color === 'string') s.fc = x.color;
  if (typeof x.bgcolor === 'string') s.bg = x.bgcolor;
  if (x.align === 'left' || x.align === 'center' || x.align === 'right') s.ha = x.align;
  if (x.valign === 'top' || x.valign === 'middle' || x.valign === 'bottom') s.va = x.valign;
  const nf = x.format === 'percent' ? '0.00%' : x.format === 'number' ? '#,##0.00' : undefined;
  return { ...(Object.keys(s).length ? { s } : {}), ...(nf ? { nf } : {}) };
}

function parseRange(ref: string): Merge | null {
  const [a, b] = ref.split(':');
  const from = parseCellName(a ?? '');
  const to = parseCellName(b ?? '');
  if (!from || !to) return null;
  return { r: Math.min(from.r, to.r), c: Math.min(from.c, to.c), rs: Math.abs(to.r - from.r) + 1, cs: Math.abs(to.c - from.c) + 1 };
}

function convertSheet(x: Obj, index: number): Sheet {
  const styles = Array.isArray(x.styles) ? x.styles.map(styleOf) : [];
  const rows = isObj(x.rows) ? x.rows : {};
  const cols = isObj(x.cols) ? x.cols : {};
  const cells: Record<string, Cell> = {};
  const rowHeights: Record<string, number> = {};
  const merges = new Map<string, Merge>();
  let maxRow = 0;
  let maxCol = 0;
  for (const [rk, row] of Object.entries(rows)) {
    const r = num(rk);
    if (r === undefined || !Number.isInteger(r) || !isObj(row)) continue;
    const h = num(row.height);
    if (h) rowHeights[String(r)] = h;
    for (const [ck, cell] of Object.entries(isObj(row.cells) ? row.cells : {})) {
      const c = num(ck);
      if (c === undefined || !Number.isInteger(c) || !isObj(cell)) continue;
      const text = typeof cell.text === 'string' ? cell.text : typeof cell.text === 'number' ? String(cell.text) : '';
      const style = typeof cell.style === 'number' ? (styles[cell.style] ?? {}) : {};
      const out: Cell = { ...style };
      if (text.startsWith('=') && text.length > 1) out.f = text;
      else if (text !== '') out.v = text;
      if (out.v !== undefined || out.f !== undefined || out.s || out.nf) cells[cellKey(r, c)] = out;
      if (Array.isArray(cell.merge) && (Number(cell.merge[0]) > 0 || Number(cell.merge[1]) > 0)) {
        merges.set(cellKey(r, c), { r, c, rs: Number(cell.merge[0]) + 1, cs: Number(cell.merge[1]) + 1 });
      }
      maxRow = Math.max(maxRow, r + 1);
      maxCol = Math.max(maxCol, c + 1);
    }
  }
  if (Array.isArray(x.merges)) {
    for (const ref of x.merges) {
      const m = typeof ref === 'string' ? parseRange(ref) : null;
      if (m && (m.rs > 1 || m.cs > 1)) merges.set(cellKey(m.r, m.c), m);
    }
  }
  const colWidths: Record<string, number> = {};
  for (const [ck, col] of Object.entries(cols)) {
    const c = num(ck);
    const w = isObj(col) ? num(col.width) : undefined;
    if (c !== undefined && Number.isInteger(c) && w) colWidths[String(c)] = w;
  }
  const freeze = typeof x.freeze === 'string' ? parseCellName(x.freeze) : null;
  return {
    id: `s${index + 1}`,
    name: typeof x.name === 'string' && x.name ? x.name : `Sheet${index + 1}`,
    rows: Math.max(DEFAULT_ROWS, num(rows.len) ?? 0, maxRow),
    cols: Math.max(DEFAULT_COLS, num(cols.len) ?? 0, maxCol),
    ...(freeze && (freeze.r > 0 || freeze.c > 0) ? { frozen: { rows: freeze.r, cols: freeze.c } } : {}),
    colWidths,
    rowHeights,
    merges: [...merges.values()],
    cells,
  };
}

/** ShowDoc's x-spreadsheet array → our workbook (anything unreadable is skipped, never thrown). */
export function fromXSpreadsheet(data: unknown[]): Workbook {
  const sheets = data.filter(isObj).map(convertSheet);
  return sheets.length ? { type: WORKBOOK_TYPE, version: WORKBOOK_VERSION, sheets } : emptyWorkbook();
}
