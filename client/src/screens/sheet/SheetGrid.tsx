// The grid (fortune-sheet, its own lazily loaded chunk) bound to the shared workbook: the
// user's edits become Y updates of only the cells they changed; remote updates become grid
// operations; each person's selected cell is outlined in their colour with their name.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Workbook as FortuneWorkbook, type WorkbookInstance } from '@fortune-sheet/react';
import type { Presence, Selection, Sheet as FSheet } from '@fortune-sheet/core';
import '@fortune-sheet/react/dist/index.css';
import type * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import { applyWorkbookChange, yDocToWorkbook } from '@shared/sheet/ydoc';
import { cellKey, type Workbook } from '@shared/sheet/workbook';
import { fromFortune, toFortune } from './fortune';
import { opsBetween, structureChanged } from './binding';
import { guardPaste } from './pasteGuard';

/**
 * Read-only grids take no keys that start or commit an edit: fortune-sheet, even without
 * allowEdit, opens its cell input on them and its formula bar then stops following the
 * selection. Moving, selecting and copying still work.
 */
function keepReadOnly(e: React.KeyboardEvent): void {
  const edits = e.key === 'Enter' || e.key === 'F2' || e.key === 'Backspace' || e.key === 'Delete' || (e.key.length === 1 && !e.ctrlKey && !e.metaKey);
  if (edits) {
    e.preventDefault();
    e.stopPropagation();
  }
}

/** transaction origin of the grid's own writes */
const GRID = Symbol('grid');

export interface SheetGridProps {
  doc: Y.Doc;
  awareness: Awareness;
  editable: boolean;
  lang: 'en' | 'zh';
}

interface PeerState {
  user?: { name?: string; color?: string };
  cell?: { sheetId: string; r: number; c: number };
}

export default function SheetGrid({ doc, awareness, editable, lang }: SheetGridProps) {
  const ref = useRef<WorkbookInstance>(null);
  const last = useRef<Workbook>(yDocToWorkbook(doc));
  const [mount, setMount] = useState(() => ({ key: 0, data: toFortune(last.current) }));

  const box = useRef<HTMLDivElement>(null);
  // fortune-sheet fills its formula bar only when the selection moves: a collaborator's change to
  // the cell we have selected must reach it too (as text: never the grid's HTML path)
  // Read from the shared workbook, not the grid: applyOp renders later, and reading the grid too
  // early showed the old text with nothing left to correct it.
  const refreshFormulaBar = () => {
    const at = (awareness.getLocalState() as PeerState | null)?.cell;
    const fx = box.current?.querySelector<HTMLElement>('.fortune-fx-input');
    // the cell editor is raised while someone types: leave their text alone
    const editing = box.current?.querySelector<HTMLElement>('.luckysheet-input-box')?.style.zIndex === '19';
    if (!at || !fx || editing || document.activeElement === fx) return;
    const cell = last.current.sheets.find((s) => s.id === at.sheetId)?.cells[cellKey(at.r, at.c)];
    const shown = cell?.f ?? cell?.v;
    fx.textContent = shown === undefined || shown === null ? '' : String(shown);
  };

  // remote changes → the grid
  useEffect(() => {
    const onUpdate = (_u: Uint8Array, origin: unknown) => {
      if (origin === GRID) return;
      const next = yDocToWorkbook(doc);
      const prev = last.current;
      last.current = next;
      if (structureChanged(prev, next)) setMount((m) => ({ key: m.key + 1, data: toFortune(next) }));
      else {
        const ops = opsBetween(prev, next);
        if (ops.length) {
          ref.current?.applyOp(ops);
          // applyOp is a React state update: read the grid once it has rendered
          requestAnimationFrame(() => setTimeout(refreshFormulaBar, 0));
        }
      }
    };
    doc.on('update', onUpdate);
    return () => doc.off('update', onUpdate);
  }, [doc]);

  // the grid's changes → the document (only what differs from what it showed last)
  const onChange = useMemo(
    () => (sheets: FSheet[]) => {
      if (!editable) return;
      const next = fromFortune(sheets);
      const prev = last.current;
      last.current = next;
      applyWorkbookChange(doc, prev, next, GRID);
    },
    [doc, editable],
  );

  // presence: our selected cell out, everyone else's in
  useEffect(() => {
    let shown: Presence[] = [];
    const render = () => {
      const me = awareness.clientID;
      const now: Presence[] = [];
      awareness.getStates().forEach((st: PeerState, id) => {
        if (id === me || !st.cell || !st.user) return;
        now.push({ sheetId: st.cell.sheetId, username: String(st.user.name ?? ''), userId: String(id), color: st.user.color ?? '#3b5bdb', selection: { r: st.cell.r, c: st.cell.c } });
      });
      const gone = shown.filter((p) => !now.some((n) => n.userId === p.userId));
      if (gone.length) ref.current?.removePresences(gone.map((p) => ({ username: p.username, userId: p.userId })));
      if (now.length) ref.current?.addPresences(now);
      shown = now;
    };
    awareness.on('change', render);
    render();
    return () => awareness.off('change', render);
  }, [awareness, mount.key]);

  // pasted HTML is cleaned before fortune-sheet parses it
  useEffect(() => guardPaste(), []);

  const hooks = useMemo(
    () => ({
      afterSelectionChange: (sheetId: string, selection: Selection) => {
        const r = selection.row_focus ?? selection.row[0];
        const c = selection.column_focus ?? selection.column[0];
        awareness.setLocalStateField('cell', { sheetId, r, c });
      },
    }),
    [awareness],
  );

  return (
    <div ref={box} className="sheet-grid" data-testid="sheet-grid" onKeyDownCapture={editable ? undefined : keepReadOnly}>
      <FortuneWorkbook
        key={mount.key}
        ref={ref}
        data={mount.data}
        onChange={onChange}
        allowEdit={editable}
        showToolbar={editable}
        showFormulaBar
        lang={lang}
        row={500}
        defaultRowHeight={25}
        hooks={hooks}
      />
    </div>
  );
}
