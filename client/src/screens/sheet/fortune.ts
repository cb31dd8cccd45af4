// Our workbook JSON ⇄ fortune-sheet's sheets. Only plain values, formulas, number formats and
// basic styles cross over: never rich-text runs or links, so nothing a cell holds is ever
// interpreted as HTML by the grid.
import type { Cell as FCell, Sheet as FSheet, CellWithRowAndCol } from '@fortune-sheet/core';
import { DEFAULT_COLS, DEFAULT_ROWS, WORKBOOK_TYPE, WORKBOOK_VERSION, cellKey, parseCellKey, type Cell, type CellStyle, type Merge, type Sheet, type Workbook } from '@shared/sheet/workbook';

const H_ALIGN = { center: 0, left: 1, right: 2 } as const;
const V_ALIGN = { middle: 0, top: 1, bottom: 2 } as const;
const H_BACK: Record<number, CellStyle['ha']> = { 0: 'center', 1: 'left', 2: 'right' };
const V_BACK: Record<number, CellStyle['va']> = { 0: 'middle', 1: 'top', 2: 'bottom' };

/**
 * Whether fortune-sheet would put this formula into the page as markup: it shows formulas as
 * HTML (coloured parts in the formula bar and the cell editor) without escaping string literals,
 * so a stored `="<svg onload=…>"` ran script in the browser of whoever selected the cell
 * (test/security/s19-sheet-formula-xss.browser.test.ts). Any < or > inside a string literal, or
 * a tag-like `<name ` outside one, counts; `=A1<B1` does not.
 */
export function formulaHasMarkup(f: string): boolean {
  // entities too: the editor reads its text back and puts it into the page again
  for (const m of f.matchAll(/"([^"]*)"/g)) if (/[<>]|&[#a-zA-Z0-9]+;/.test(m[1])) return true;
  return /<[a-zA-Z!/?][\w-]*[\s/>]/.test(f.replace(/"[^"]*"/g, '""'));
}

/**
 * Text fortune-sheet puts into the page unescaped: its escaping skips text that starts with '='
 * or '<span'. Such text holding markup is shown behind a leading apostrophe (the spreadsheet
 * sign for "this is text"), which its escaping does not skip.
 */
export function textHasMarkup(s: string): boolean {
  return (s.startsWith('=') || s.startsWith('<span')) && /[<>]|&[#a-zA-Z0-9]+;/.test(s);
}

/** One of our cells as fortune-sheet draws it (without its merge marker). */
export function toFortuneCell(cell: Cell): FCell {
  // a formula holding markup is shown (and kept, if edited) as plain text, never as a formula
  if (cell.f && formulaHasMarkup(cell.f)) return toFortuneCell({ ...cell, f: undefined, v: cell.f });
  const out: FCell = {};
  const v = typeof cell.v === 'string' && textHasMarkup(cell.v) ? `'${cell.v}` : (cell.v ?? undefined);
  if (v !== undefined && v !== null) {
    out.v = v;
    out.m = String(v);
  }
  if (cell.f) out.f = cell.f;
  out.ct = cell.nf ? { fa: cell.nf, t: 'n' } : { fa: 'General', t: typeof v === 'number' ? 'n' : 'g' };
  const s = cell.s;
  if (s) {
    if (s.b) out.bl = 1;
    if (s.i) out.it = 1;
    if (s.u) out.un = 1;
    if (s.st) out.cl = 1;
    if (s.fc) out.fc = s.fc;
    if (s.bg) out.bg = s.bg;
    if (s.fs) out.fs = s.fs;
    if (s.ff) out.ff = s.ff;
    if (s.ha) out.ht = H_ALIGN[s.ha];
    if (s.va) out.vt = V_ALIGN[s.va];
  }
  return out;
}

/** A fortune-sheet cell as ours; null when it holds nothing worth keeping. */
export function fromFortuneCell(fc: FCell | null | undefined): Cell | null {
  if (!fc) return null;
  const cell: Cell = {};
  // inline rich text: kept as its plain text
  const runs = fc.ct?.t === 'inlineStr' && Array.isArray(fc.ct.s) ? (fc.ct.s as { v?: unknown }[]).map((r) => String(r.v ?? '')).join('') : undefined;
  const v = runs ?? fc.v;
  if (v !== undefined && v !== null && v !== '') cell.v = typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
  if (fc.f) cell.f = fc.f.startsWith('=') ? fc.f : `=${fc.f}`;
  if (fc.ct?.fa && fc.ct.fa !== 'General' && fc.ct.fa !== '@') cell.nf = fc.ct.fa;
  const s: CellStyle = {};
  if (Number(fc.bl) === 1) s.b = true;
  if (Number(fc.it) === 1) s.i = true;
  if (Number(fc.un) === 1) s.u = true;
  if (Number(fc.cl) === 1) s.st = true;
  if (fc.fc && fc.fc !== '#000000') s.fc = fc.fc;
  if (fc.bg) s.bg = fc.bg;
  if (fc.fs && Number(fc.fs) !== 10) s.fs = Number(fc.fs);
  if (typeof fc.ff === 'string' && fc.ff) s.ff = fc.ff;
  if (fc.ht !== undefined && H_BACK[Number(fc.ht)]) s.ha = H_BACK[Number(fc.ht)];
  if (fc.vt !== undefined && V_BACK[Number(fc.vt)]) s.va = V_BACK[Number(fc.vt)];
  if (Object.keys(s).length) cell.s = s;
  return cell.v !== undefined || cell.f || cell.nf || cell.s ? cell : null;
}

const mergeKey = (r: number, c: number) => `${r}_${c}`;

/** The merge map, widths and heights of fortune-sheet's sheet config. */
export function toFortuneConfig(s: Sheet): NonNullable<FSheet['config']> {
  return {
    merge: Object.fromEntries(s.merges.map((m) => [mergeKey(m.r, m.c), { r: m.r, c: m.c, rs: m.rs, cs: m.cs }])),
    columnlen: Object.fromEntries(Object.entries(s.colWidths).map(([k, v]) => [k, v])),
    rowlen: Object.fromEntries(Object.entries(s.rowHeights).map(([k, v]) => [k, v])),
  };
}

function frozenOf(s: Sheet): FSheet['frozen'] {
  const f = s.frozen;
  if (!f || (f.rows <= 0 && f.cols <= 0)) return undefined;
  return { type: 'rangeBoth', range: { row_focus: f.rows - 1, column_focus: f.cols - 1 } };
}

/** The cells fortune-sheet draws for one of our cells, merged cells marked as it expects. */
export function fortuneCellAt(s: Sheet, key: string): FCell | null {
  const at = parseCellKey(key);
  const cell = s.cells[key];
  if (!at) return null;
  const master = s.merges.find((m) => at.r >= m.r && at.r < m.r + m.rs && at.c >= m.c && at.c < m.c + m.cs);
  if (!cell && !master) return null;
  const out = cell ? toFortuneCell(cell) : {};
  if (master) out.mc = master.r === at.r && master.c === at.c ? { r: at.r, c: at.c, rs: master.rs, cs: master.cs } : { r: master.r, c: master.c };
  return out;
}

/** The sheet's formula cells: fortune-sheet recomputes only those its calcChain lists. */
export function calcChainOf(s: Sheet): { r: number; c: number; id: string }[] {
  const out: { r: number; c: number; id: string }[] = [];
  for (const [key, cell] of Object.entries(s.cells)) {
    const at = cell.f ? parseCellKey(key) : null;
    if (at) out.push({ r: at.r, c: at.c, id: s.id });
  }
  return out;
}

export function toFortune(wb: Workbook): FSheet[] {
  return wb.sheets.map((s, order) => {
    const keys = new Set(Object.keys(s.cells));
    for (const m of s.merges) for (let r = m.r; r < m.r + m.rs; r++) for (let c = m.c; c < m.c + m.cs; c++) keys.add(cellKey(r, c));
    const celldata: CellWithRowAndCol[] = [];
    for (const key of keys) {
      const at = parseCellKey(key)!;
      const v = fortuneCellAt(s, key);
      if (v) celldata.push({ r: at.r, c: at.c, v });
    }
    return {
      id: s.id,
      name: s.name,
      order,
      status: order === 0 ? 1 : 0,
      row: s.rows,
      column: s.cols,
      defaultRowHeight: 25,
      celldata,
      calcChain: calcChainOf(s),
      config: toFortuneConfig(s),
      ...(frozenOf(s) ? { frozen: frozenOf(s) } : {}),
    };
  });
}

function numbers(rec: Record<string, unknown> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(rec ?? {})) if (typeof v === 'number' && Number.isFinite(v) && /^\d+$/.test(k)) out[k] = Math.round(v);
  return out;
}

export function fromFortuneSheet(fs: FSheet, index: number): Sheet {
  const cells: Record<string, Cell> = {};
  if (fs.data) {
    fs.data.forEach((row, r) =>
      row?.forEach((fc, c) => {
        const cell = fromFortuneCell(fc);
        if (cell) cells[cellKey(r, c)] = cell;
      }),
    );
  } else {
    for (const cd of fs.celldata ?? []) {
      const cell = fromFortuneCell(cd.v);
      if (cell) cells[cellKey(cd.r, cd.c)] = cell;
    }
  }
  const merges: Merge[] = Object.values(fs.config?.merge ?? {})
    .map((m) => ({ r: m.r, c: m.c, rs: m.rs, cs: m.cs }))
    .filter((m) => m.rs >= 1 && m.cs >= 1 && (m.rs > 1 || m.cs > 1))
    .sort((a, b) => a.r - b.r || a.c - b.c);
  const range = fs.frozen?.range;
  const type = fs.frozen?.type;
  const frozenRows = type === 'row' ? 1 : type === 'rangeRow' || type === 'rangeBoth' ? (range?.row_focus ?? -1) + 1 : type === 'both' ? 1 : 0;
  const frozenCols = type === 'column' ? 1 : type === 'rangeColumn' || type === 'rangeBoth' ? (range?.column_focus ?? -1) + 1 : type === 'both' ? 1 : 0;
  return {
    id: fs.id ?? `s${index + 1}`,
    name: fs.name,
    rows: fs.data?.length || fs.row || DEFAULT_ROWS,
    cols: fs.data?.[0]?.length || fs.column || DEFAULT_COLS,
    ...(frozenRows > 0 || frozenCols > 0 ? { frozen: { rows: frozenRows, cols: frozenCols } } : {}),
    colWidths: numbers(fs.config?.columnlen),
    rowHeights: numbers(fs.config?.rowlen),
    merges,
    cells,
  };
}

export function fromFortune(sheets: FSheet[]): Workbook {
  const ordered = [...sheets].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return { type: WORKBOOK_TYPE, version: WORKBOOK_VERSION, sheets: ordered.map(fromFortuneSheet) };
}
