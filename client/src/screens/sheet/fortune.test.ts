import { describe, expect, it } from 'vitest';
import type { Sheet as FSheet, CellMatrix } from '@fortune-sheet/core';
import type { Workbook } from '@shared/sheet/workbook';
import { fromFortune, fromFortuneCell, toFortune } from './fortune';
import { opsBetween, structureChanged } from './binding';

const wb = (): Workbook => ({
  type: 'quire.workbook',
  version: 1,
  sheets: [
    {
      id: 's1',
      name: 'One',
      rows: 20,
      cols: 5,
      frozen: { rows: 1, cols: 1 },
      colWidths: { '1': 150 },
      rowHeights: { '0': 40 },
      merges: [{ r: 0, c: 0, rs: 1, cs: 2 }],
      cells: {
        '0,0': { v: 'Head', s: { b: true, i: true, fc: '#ff0000', bg: '#00ff00', ha: 'center', va: 'top' } },
        '1,0': { v: 12.5, nf: '0.00' },
        '1,1': { v: 25, f: '=A2*2' },
        '2,2': { v: '<img src=x onerror=alert(1)>' },
      },
    },
  ],
});

/** what a mounted grid reports: the data matrix built from celldata */
function mounted(sheets: FSheet[]): FSheet[] {
  return sheets.map((s) => {
    const data: CellMatrix = Array.from({ length: s.row! }, () => Array.from({ length: s.column! }, () => null));
    for (const cd of s.celldata ?? []) data[cd.r][cd.c] = cd.v;
    return { ...s, data, celldata: undefined };
  });
}

describe('fortune-sheet conversion', () => {
  it('round-trips values, formulas, formats, styles, merges, sizes and freeze', () => {
    expect(fromFortune(toFortune(wb()))).toEqual(wb());
    expect(fromFortune(mounted(toFortune(wb())))).toEqual(wb());
  });

  it('never hands the grid rich text or links; rich text coming back is plain', () => {
    const cells = toFortune(wb())[0].celldata!;
    expect(cells.every((c) => c.v?.ct?.t !== 'inlineStr' && !c.v?.hl)).toBe(true);
    expect(fromFortuneCell({ ct: { t: 'inlineStr', s: [{ v: '<b>a</b>' }, { v: 'b' }] } })).toEqual({ v: '<b>a</b>b' });
  });

  it('turns remote cell, merge and width changes into grid operations; sheet changes remount', () => {
    const a = wb();
    const b = wb();
    b.sheets[0].cells['3,3'] = { v: 'new' };
    delete b.sheets[0].cells['1,0'];
    b.sheets[0].colWidths['2'] = 99;
    const ops = opsBetween(a, b);
    expect(ops).toContainEqual({ op: 'replace', id: 's1', path: ['data', 3, 3], value: { v: 'new', m: 'new', ct: { fa: 'General', t: 'g' } } });
    expect(ops).toContainEqual({ op: 'replace', id: 's1', path: ['data', 1, 0], value: null });
    expect(ops).toContainEqual({ op: 'replace', id: 's1', path: ['config', 'columnlen'], value: { '1': 150, '2': 99 } });
    expect(structureChanged(a, b)).toBe(false);
    b.sheets[0].name = 'Renamed';
    expect(structureChanged(a, b)).toBe(true);
    const merged = wb();
    merged.sheets[0].merges.push({ r: 5, c: 0, rs: 2, cs: 1 });
    expect(structureChanged(a, merged)).toBe(true);
  });
});
