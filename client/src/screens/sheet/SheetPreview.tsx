// The sheet as plain, read-only HTML while the grid (fortune-sheet, a 2.7 MB chunk) loads: the
// cells in view are on screen as soon as the document has synced, and the grid replaces them
// when it is ready. Text only, escaped by React; never the grid's markup paths.
import { useMemo, type CSSProperties } from 'react';
import { cellKey, cellName, cellText, type Cell, type Sheet } from '@shared/sheet/workbook';

// fortune-sheet draws a 1 px grid line after each row and column: its pitch is size + 1
const ROW_HEIGHT = 25;
const COL_WIDTH = 73; // fortune-sheet's default column width
const rowPitch = (sheet: Sheet, r: number) => (sheet.rowHeights[r] ?? ROW_HEIGHT) + 1;
const colPitch = (sheet: Sheet, c: number) => (sheet.colWidths[c] ?? COL_WIDTH) + 1;
const HEADER_HEIGHT = 20;
const ROW_HEADER_WIDTH = 46;

function styleOf(cell: Cell | undefined): CSSProperties | undefined {
  const s = cell?.s;
  if (!s) return undefined;
  return {
    fontWeight: s.b ? 700 : undefined,
    fontStyle: s.i ? 'italic' : undefined,
    textDecoration: [s.u && 'underline', s.st && 'line-through'].filter(Boolean).join(' ') || undefined,
    color: s.fc,
    background: s.bg,
    textAlign: s.ha,
    verticalAlign: s.va,
  };
}

/** Rows and columns that fit in the window, from the sheet's own sizes. */
function inView(sheet: Sheet, width: number, height: number): { rows: number[]; cols: number[] } {
  const cols: number[] = [];
  for (let c = 0, x = ROW_HEADER_WIDTH; c < sheet.cols && x < width; c++) {
    cols.push(c);
    x += colPitch(sheet, c);
  }
  const rows: number[] = [];
  for (let r = 0, y = HEADER_HEIGHT; r < sheet.rows && y < height; r++) {
    rows.push(r);
    y += rowPitch(sheet, r);
  }
  return { rows, cols };
}

/** `toolbar`: the grid will show its toolbar (editors), so the preview leaves room for it */
export function SheetPreview({ sheet, toolbar }: { sheet: Sheet | undefined; toolbar: boolean }) {
  const view = useMemo(() => (sheet ? inView(sheet, window.innerWidth, window.innerHeight) : null), [sheet]);
  if (!sheet || !view) return null;
  return (
    <div className={toolbar ? 'sheet-preview with-toolbar' : 'sheet-preview'} data-testid="sheet-preview" aria-busy="true">
      <table>
        <colgroup>
          <col style={{ width: ROW_HEADER_WIDTH }} />
          {view.cols.map((c) => (
            <col key={c} style={{ width: colPitch(sheet, c) }} />
          ))}
        </colgroup>
        <thead>
          <tr style={{ height: HEADER_HEIGHT }}>
            <th />
            {view.cols.map((c) => (
              <th key={c}>{cellName(0, c).replace(/\d+$/, '')}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((r) => (
            <tr key={r} style={{ height: rowPitch(sheet, r) }}>
              <th>{r + 1}</th>
              {view.cols.map((c) => {
                const cell = sheet.cells[cellKey(r, c)];
                return (
                  <td key={c} style={styleOf(cell)}>
                    {cellText(cell)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
