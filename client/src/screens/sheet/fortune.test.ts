import { describe, expect, it } from 'vitest';
import type { Sheet as FSheet, CellMatrix } from '@fortune-sheet/core';
import type { Workbook } from '@shared/sheet/workbook';
import { formulaHasMarkup, fromFortune, fromFortuneCell, toFortune, toFortuneCell } from './fortune';
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

  it('hands the grid a formula holding markup as plain text', () => {
    expect(formulaHasMarkup('="<img src=x onerror=alert(1)>"')).toBe(true);
    expect(formulaHasMarkup('=A1&"<svg onload=x>"')).toBe(true);
    expect(formulaHasMarkup('=A1<img src=x onerror=y>')).toBe(true);
    expect(formulaHasMarkup('="&lt;img src=x onerror=y&gt;"')).toBe(true);
    expect(formulaHasMarkup('=IF(A1<B1,1,0)')).toBe(false);
    expect(formulaHasMarkup('="Tom & Jerry"')).toBe(false);
    expect(formulaHasMarkup('=A1>=B2')).toBe(false);
    expect(toFortuneCell({ f: '="<b>x</b>"', v: 'x' })).toEqual({ v: `'="<b>x</b>"`, m: `'="<b>x</b>"`, ct: { fa: 'General', t: 'g' } });
    expect(toFortuneCell({ v: '<span><img src=x onerror=y></span>' }).v).toBe(`'<span><img src=x onerror=y></span>`);
    expect(toFortuneCell({ v: '<b>plain text is escaped by the grid</b>' }).v).toBe('<b>plain text is escaped by the grid</b>');
    expect(toFortuneCell({ f: '=A1+1', v: 2 }).f).toBe('=A1+1');
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
