// Between the grid and the shared workbook: what changed from one workbook to the next, as
// fortune-sheet operations (remote edits shown without rebuilding the grid), and whether the
// change is structural (sheets, names, sizes, freeze, merges), which remounts the grid instead:
// fortune-sheet applies a replaced merge map to its data but does not draw it (seen in Chromium).
import type { Op } from '@fortune-sheet/core';
import { cellKey, type Sheet, type Workbook } from '@shared/sheet/workbook';
import { calcChainOf, fortuneCellAt, toFortuneConfig } from './fortune';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function structureChanged(a: Workbook, b: Workbook): boolean {
  if (a.sheets.length !== b.sheets.length) return true;
  return a.sheets.some((s, i) => {
    const t = b.sheets[i];
    return s.id !== t.id || s.name !== t.name || s.rows !== t.rows || s.cols !== t.cols || !same(s.frozen ?? null, t.frozen ?? null) || !same(s.merges, t.merges);
  });
}

function mergedKeys(s: Sheet): Set<string> {
  const keys = new Set<string>();
  for (const m of s.merges) for (let r = m.r; r < m.r + m.rs; r++) for (let c = m.c; c < m.c + m.cs; c++) keys.add(cellKey(r, c));
  return keys;
}

/** fortune-sheet ops turning sheet `a` into `b` (same sheets): changed cells, merges, sizes. */
export function opsBetween(a: Workbook, b: Workbook): Op[] {
  const ops: Op[] = [];
  b.sheets.forEach((t, i) => {
    const s = a.sheets[i];
    const mergesChanged = !same(s.merges, t.merges);
    const keys = new Set<string>();
    for (const k of new Set([...Object.keys(s.cells), ...Object.keys(t.cells)])) if (!same(s.cells[k], t.cells[k])) keys.add(k);
    if (mergesChanged) for (const k of [...mergedKeys(s), ...mergedKeys(t)]) keys.add(k);
    for (const k of keys) {
      const [r, c] = k.split(',').map(Number);
      ops.push({ op: 'replace', id: t.id, path: ['data', r, c], value: fortuneCellAt(t, k) });
    }
    const formulas = (x: Sheet) => calcChainOf(x).map((f) => `${f.r},${f.c}`).join(';');
    if (formulas(s) !== formulas(t)) ops.push({ op: 'replace', id: t.id, path: ['calcChain'], value: calcChainOf(t) });
    const config = toFortuneConfig(t);
    if (mergesChanged) ops.push({ op: 'replace', id: t.id, path: ['config', 'merge'], value: config.merge });
    if (!same(s.colWidths, t.colWidths)) ops.push({ op: 'replace', id: t.id, path: ['config', 'columnlen'], value: config.columnlen });
    if (!same(s.rowHeights, t.rowHeights)) ops.push({ op: 'replace', id: t.id, path: ['config', 'rowlen'], value: config.rowlen });
  });
  return ops;
}
