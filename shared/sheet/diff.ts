// A readable, cell-level diff of two workbooks (history and the diff page): which cells
// changed, old → new, sheet by sheet.
import { cellName, cellText, parseCellKey, type Cell, type Workbook } from './workbook';

export interface CellChange {
  sheet: string;
  /** A1-style name */
  cell: string;
  before: string;
  after: string;
}

export interface WorkbookDiff {
  sheetsAdded: string[];
  sheetsRemoved: string[];
  cells: CellChange[];
}

/** what a cell shows in a diff: its formula when it has one, else its value */
const shown = (c: Cell | undefined) => (c?.f ? c.f : cellText(c));

export function diffWorkbooks(before: Workbook, after: Workbook): WorkbookDiff {
  const old = new Map(before.sheets.map((s) => [s.id, s]));
  const now = new Set(after.sheets.map((s) => s.id));
  const out: WorkbookDiff = { sheetsAdded: [], sheetsRemoved: before.sheets.filter((s) => !now.has(s.id)).map((s) => s.name), cells: [] };
  for (const s of after.sheets) {
    const prev = old.get(s.id);
    if (!prev) out.sheetsAdded.push(s.name);
    const a = prev?.cells ?? {};
    const keys = [...new Set([...Object.keys(a), ...Object.keys(s.cells)])]
      .map((k) => ({ k, at: parseCellKey(k) }))
      .filter((x) => x.at)
      .sort((x, y) => x.at!.r - y.at!.r || x.at!.c - y.at!.c);
    for (const { k, at } of keys) {
      const was = shown(a[k]);
      const is = shown(s.cells[k]);
      if (was !== is) out.cells.push({ sheet: s.name, cell: cellName(at!.r, at!.c), before: was, after: is });
    }
  }
  return out;
}
