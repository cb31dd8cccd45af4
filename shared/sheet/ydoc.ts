// The live workbook as a Y.Doc, and the pure functions between it and the workbook JSON.
//
//   'sheetOrder': Y.Array<sheetId>           the tab order
//   'sheets':     Y.Map<sheetId, Y.Map>      one per sheet:
//        name, rows, cols, frozen            plain values (last writer wins)
//        cells:      Y.Map<'r,c', Cell>      each cell one value: two people typing into the same
//                                            cell resolve to one of them, the same on every replica
//        colWidths, rowHeights: Y.Map<index, px>
//        merges:     Y.Map<'r,c', {rs, cs}>
//
// Edits to different cells touch different keys and always both survive. Writers apply only
// what they changed (applyWorkbookChange), never their whole view, so a stale view cannot undo a
// remote edit.
import * as Y from 'yjs';
import { cellKey, parseCellKey, normalizeWorkbook, WORKBOOK_TYPE, WORKBOOK_VERSION, type Cell, type Merge, type Sheet, type Workbook } from './workbook';

type SheetMap = Y.Map<unknown>;

export const sheetOrderOf = (doc: Y.Doc) => doc.getArray<string>('sheetOrder');
export const sheetsOf = (doc: Y.Doc) => doc.getMap<SheetMap>('sheets');

/** whether the document holds a workbook (a sheet item's document once seeded) */
export const hasWorkbook = (doc: Y.Doc) => sheetsOf(doc).size > 0;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function child<T>(sheet: SheetMap, key: string): Y.Map<T> {
  return sheet.get(key) as Y.Map<T>;
}

function newSheetMap(s: Sheet): SheetMap {
  const m = new Y.Map<unknown>();
  m.set('name', s.name);
  m.set('rows', s.rows);
  m.set('cols', s.cols);
  m.set('frozen', s.frozen ?? null);
  const cells = new Y.Map<Cell>();
  for (const [k, v] of Object.entries(s.cells)) cells.set(k, v);
  m.set('cells', cells);
  const widths = new Y.Map<number>();
  for (const [k, v] of Object.entries(s.colWidths)) widths.set(k, v);
  m.set('colWidths', widths);
  const heights = new Y.Map<number>();
  for (const [k, v] of Object.entries(s.rowHeights)) heights.set(k, v);
  m.set('rowHeights', heights);
  const merges = new Y.Map<{ rs: number; cs: number }>();
  for (const g of s.merges) merges.set(cellKey(g.r, g.c), { rs: g.rs, cs: g.cs });
  m.set('merges', merges);
  return m;
}

/** Writes a whole workbook into an empty document (the seed of a sheet item's document). */
export function workbookToYDoc(doc: Y.Doc, wb: Workbook, origin?: unknown): void {
  doc.transact(() => {
    const order = sheetOrderOf(doc);
    const sheets = sheetsOf(doc);
    for (const s of wb.sheets) {
      sheets.set(s.id, newSheetMap(s));
      order.push([s.id]);
    }
  }, origin);
}

function sheetFromMap(id: string, m: SheetMap): Sheet {
  const frozen = m.get('frozen') as Sheet['frozen'] | null;
  const merges: Merge[] = [];
  child<{ rs: number; cs: number }>(m, 'merges')?.forEach((v, k) => {
    const at = parseCellKey(k);
    if (at) merges.push({ ...at, rs: v.rs, cs: v.cs });
  });
  merges.sort((a, b) => a.r - b.r || a.c - b.c);
  return {
    id,
    name: String(m.get('name') ?? id),
    rows: Number(m.get('rows')) || 0,
    cols: Number(m.get('cols')) || 0,
    ...(frozen ? { frozen } : {}),
    colWidths: child<number>(m, 'colWidths')?.toJSON() ?? {},
    rowHeights: child<number>(m, 'rowHeights')?.toJSON() ?? {},
    merges,
    cells: child<Cell>(m, 'cells')?.toJSON() ?? {},
  };
}

/** The workbook a document holds. Sheet order: the array, each id once, then any sheet it misses. */
export function yDocToWorkbook(doc: Y.Doc): Workbook {
  const sheets = sheetsOf(doc);
  const ids: string[] = [];
  for (const id of sheetOrderOf(doc).toArray()) if (sheets.has(id) && !ids.includes(id)) ids.push(id);
  for (const id of [...sheets.keys()].sort()) if (!ids.includes(id)) ids.push(id);
  return normalizeWorkbook({ type: WORKBOOK_TYPE, version: WORKBOOK_VERSION, sheets: ids.map((id) => sheetFromMap(id, sheets.get(id) as SheetMap)) });
}

/** Sets the keys of `map` that differ between `from` and `to` (and deletes those `to` dropped). */
function applyRecordChange<T>(map: Y.Map<T>, from: Record<string, T>, to: Record<string, T>): void {
  for (const [k, v] of Object.entries(to)) if (!(k in from) || !sameJson(from[k], v)) map.set(k, v);
  for (const k of Object.keys(from)) if (!(k in to)) map.delete(k);
}

const mergeRecord = (ms: Merge[]) => Object.fromEntries(ms.map((m) => [cellKey(m.r, m.c), { rs: m.rs, cs: m.cs }]));

/**
 * Applies the change from workbook `from` to workbook `to` to the document, touching only what
 * changed: the cells, sizes, merges and sheet fields that differ, sheets added or removed, and
 * the order when it changed. `from` is what the writer last saw (its grid, or the previously
 * saved content for a write that bypassed the editor).
 */
export function applyWorkbookChange(doc: Y.Doc, from: Workbook, to: Workbook, origin?: unknown): void {
  const before = new Map(from.sheets.map((s) => [s.id, s]));
  doc.transact(() => {
    const sheets = sheetsOf(doc);
    for (const s of to.sheets) {
      const old = before.get(s.id);
      const m = sheets.get(s.id);
      if (!m) {
        // a new sheet is created; one the writer saw but someone removed meanwhile stays removed
        if (!old) sheets.set(s.id, newSheetMap(s));
        continue;
      }
      if (!old) continue;
      if (old.name !== s.name) m.set('name', s.name);
      if (old.rows !== s.rows) m.set('rows', s.rows);
      if (old.cols !== s.cols) m.set('cols', s.cols);
      if (!sameJson(old.frozen ?? null, s.frozen ?? null)) m.set('frozen', s.frozen ?? null);
      applyRecordChange(child<Cell>(m, 'cells'), old.cells, s.cells);
      applyRecordChange(child<number>(m, 'colWidths'), old.colWidths, s.colWidths);
      applyRecordChange(child<number>(m, 'rowHeights'), old.rowHeights, s.rowHeights);
      applyRecordChange(child<{ rs: number; cs: number }>(m, 'merges'), mergeRecord(old.merges), mergeRecord(s.merges));
    }
    const kept = new Set(to.sheets.map((s) => s.id));
    for (const s of from.sheets) if (!kept.has(s.id)) sheets.delete(s.id);
    const fromOrder = from.sheets.map((s) => s.id);
    const toOrder = to.sheets.map((s) => s.id);
    if (!sameJson(fromOrder, toOrder)) {
      const order = sheetOrderOf(doc);
      order.delete(0, order.length);
      order.push(toOrder);
    }
  }, origin);
}
