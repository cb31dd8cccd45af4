import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { cellName, emptyWorkbook, isWorkbookContent, parseCellName, serializeWorkbook, workbookText, type Workbook } from './workbook';
import { parseWorkbookContent } from './content';
import { applyWorkbookChange, workbookToYDoc, yDocToWorkbook } from './ydoc';
import { diffWorkbooks } from './diff';

const sample = (): Workbook => ({
  type: 'quire.workbook',
  version: 1,
  sheets: [
    {
      id: 's1',
      name: 'Budget',
      rows: 500,
      cols: 26,
      frozen: { rows: 1, cols: 0 },
      colWidths: { '0': 140 },
      rowHeights: { '2': 40 },
      merges: [{ r: 0, c: 0, rs: 1, cs: 3 }],
      cells: {
        '0,0': { v: 'Title', s: { b: true, ha: 'center' } },
        '1,0': { v: 2 },
        '1,1': { v: 3 },
        '1,2': { v: 5, f: '=A2+B2', nf: '0.00' },
      },
    },
    { id: 's2', name: 'Notes', rows: 500, cols: 26, colWidths: {}, rowHeights: {}, merges: [], cells: { '3,4': { v: '<b>not html</b>' } } },
  ],
});

/** two replicas syncing through each other's updates, like two providers */
function pair(wb: Workbook) {
  const seed = new Y.Doc();
  workbookToYDoc(seed, wb);
  const state = Y.encodeStateAsUpdate(seed);
  const a = new Y.Doc();
  const b = new Y.Doc();
  Y.applyUpdate(a, state);
  Y.applyUpdate(b, state);
  const sync = () => {
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  };
  return { a, b, sync };
}

describe('workbook document', () => {
  it('round-trips through the Y.Doc unchanged', () => {
    const doc = new Y.Doc();
    workbookToYDoc(doc, sample());
    expect(yDocToWorkbook(doc)).toEqual(sample());
    const text = serializeWorkbook(yDocToWorkbook(doc));
    expect(isWorkbookContent(text)).toBe(true);
    expect(parseWorkbookContent(text)).toEqual(sample());
  });

  it('keeps both edits when two clients edit different cells', () => {
    const { a, b, sync } = pair(sample());
    const base = sample();
    const wa = structuredClone(base);
    wa.sheets[0].cells['5,0'] = { v: 'from a' };
    const wb = structuredClone(base);
    wb.sheets[1].cells['6,1'] = { v: 'from b' };
    wb.sheets[0].cells['1,0'] = { v: 7 };
    applyWorkbookChange(a, base, wa);
    applyWorkbookChange(b, base, wb);
    sync();
    const ra = yDocToWorkbook(a);
    expect(ra).toEqual(yDocToWorkbook(b));
    expect(ra.sheets[0].cells['5,0']).toEqual({ v: 'from a' });
    expect(ra.sheets[1].cells['6,1']).toEqual({ v: 'from b' });
    expect(ra.sheets[0].cells['1,0']).toEqual({ v: 7 });
  });

  it('resolves the same cell to one value on every replica, whichever syncs first', () => {
    const results = new Set<string>();
    for (const order of ['ab', 'ba']) {
      const { a, b } = pair(sample());
      a.clientID = 1;
      b.clientID = 2;
      const base = sample();
      const wa = structuredClone(base);
      wa.sheets[0].cells['1,0'] = { v: 'a wins?' };
      const wb = structuredClone(base);
      wb.sheets[0].cells['1,0'] = { v: 'b wins?' };
      applyWorkbookChange(a, base, wa);
      applyWorkbookChange(b, base, wb);
      const ua = Y.encodeStateAsUpdate(a);
      const ub = Y.encodeStateAsUpdate(b);
      const c = new Y.Doc();
      for (const u of order === 'ab' ? [ua, ub] : [ub, ua]) Y.applyUpdate(c, u);
      Y.applyUpdate(a, ub);
      Y.applyUpdate(b, ua);
      const v = yDocToWorkbook(c).sheets[0].cells['1,0'].v;
      expect(yDocToWorkbook(a).sheets[0].cells['1,0'].v).toBe(v);
      expect(yDocToWorkbook(b).sheets[0].cells['1,0'].v).toBe(v);
      results.add(String(v));
    }
    expect(results.size).toBe(1);
  });

  it('a stale writer does not undo a remote edit it never saw', () => {
    const { a, b, sync } = pair(sample());
    const base = sample();
    const wa = structuredClone(base);
    wa.sheets[0].cells['1,1'] = { v: 99 };
    applyWorkbookChange(a, base, wa);
    sync();
    const wb = structuredClone(base); // b's grid still shows 3 in B2
    wb.sheets[0].cells['9,9'] = { v: 'x' };
    applyWorkbookChange(b, base, wb);
    sync();
    expect(yDocToWorkbook(a).sheets[0].cells['1,1']).toEqual({ v: 99 });
  });

  it('adds, removes, renames and reorders sheets; cell deletes and merges follow', () => {
    const doc = new Y.Doc();
    const base = sample();
    workbookToYDoc(doc, base);
    const next = structuredClone(base);
    next.sheets.reverse();
    next.sheets[0].name = 'Renamed';
    next.sheets.push({ id: 's3', name: 'New', rows: 10, cols: 5, colWidths: {}, rowHeights: {}, merges: [], cells: { '0,0': { v: 1 } } });
    delete next.sheets[1].cells['1,1'];
    next.sheets[1].merges = [{ r: 4, c: 4, rs: 2, cs: 2 }];
    applyWorkbookChange(doc, base, next);
    expect(yDocToWorkbook(doc)).toEqual(next);
    const fewer = structuredClone(next);
    fewer.sheets.splice(0, 1);
    applyWorkbookChange(doc, next, fewer);
    expect(yDocToWorkbook(doc)).toEqual(fewer);
  });
});

describe('ShowDoc x-spreadsheet content', () => {
  const xs = [
    {
      name: 'sheet2',
      freeze: 'A2',
      styles: [{ font: { bold: true }, bgcolor: '#ff0000', align: 'center' }],
      merges: ['A1:C1'],
      rows: { '0': { cells: { '0': { text: 'Head <x> & "q"', style: 0, merge: [0, 2] } } }, '1': { cells: { '0': { text: '1' }, '1': { text: '2' }, '2': { text: '=A2+B2' } }, height: 30 }, len: 100 },
      cols: { '1': { width: 150 }, len: 26 },
      validations: [],
      autofilter: {},
    },
  ];
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  it('converts sheets, cells, formulas, styles, merges, widths, heights and freeze; raw or HTML-escaped', () => {
    for (const content of [JSON.stringify(xs), escape(JSON.stringify(xs))]) {
      const wb = parseWorkbookContent(content);
      const s = wb.sheets[0];
      expect(s.name).toBe('sheet2');
      expect(s.rows).toBe(500);
      expect(s.frozen).toEqual({ rows: 1, cols: 0 });
      expect(s.cells['0,0']).toEqual({ v: 'Head <x> & "q"', s: { b: true, bg: '#ff0000', ha: 'center' } });
      expect(s.cells['1,2']).toEqual({ f: '=A2+B2' });
      expect(s.cells['1,0']).toEqual({ v: '1' });
      expect(s.merges).toEqual([{ r: 0, c: 0, rs: 1, cs: 3 }]);
      expect(s.colWidths).toEqual({ '1': 150 });
      expect(s.rowHeights).toEqual({ '1': 30 });
    }
  });

  it('gives an empty workbook for empty content and keeps other text in A1', () => {
    expect(parseWorkbookContent('')).toEqual(emptyWorkbook());
    expect(parseWorkbookContent('just words').sheets[0].cells['0,0']).toEqual({ v: 'just words' });
  });
});

describe('helpers', () => {
  it('names cells A1-style both ways', () => {
    expect(cellName(0, 0)).toBe('A1');
    expect(cellName(9, 27)).toBe('AB10');
    expect(parseCellName('AB10')).toEqual({ r: 9, c: 27 });
    expect(parseCellName('$C$3')).toEqual({ r: 2, c: 2 });
  });

  it('indexes cell text, not JSON keys', () => {
    const text = workbookText(sample());
    expect(text).toContain('Title');
    expect(text).toContain('<b>not html</b>');
    expect(text).not.toContain('"v"');
  });

  it('diffs cell by cell, old → new', () => {
    const next = sample();
    next.sheets[0].cells['1,0'] = { v: 4 };
    delete next.sheets[1].cells['3,4'];
    next.sheets[0].cells['7,1'] = { f: '=SUM(A1:A2)' };
    expect(diffWorkbooks(sample(), next)).toEqual({
      sheetsAdded: [],
      sheetsRemoved: [],
      cells: [
        { sheet: 'Budget', cell: 'A2', before: '2', after: '4' },
        { sheet: 'Budget', cell: 'B8', before: '', after: '=SUM(A1:A2)' },
        { sheet: 'Notes', cell: 'E4', before: '<b>not html</b>', after: '' },
      ],
    });
  });
});

describe('removed sheets', () => {
  it('a writer that still shows a sheet someone removed does not bring it back', () => {
    const doc = new Y.Doc();
    const base = sample();
    workbookToYDoc(doc, base);
    const removed = structuredClone(base);
    removed.sheets.splice(1, 1);
    applyWorkbookChange(doc, base, removed);
    const stale = structuredClone(base);
    stale.sheets[1].cells['0,0'] = { v: 'typed into a removed sheet' };
    applyWorkbookChange(doc, base, stale);
    expect(yDocToWorkbook(doc).sheets.map((s) => s.id)).toEqual(['s1']);
  });
});
