// Toolbar actions over a CodeMirror view: wrap the selection, prefix lines, insert blocks.
// Each is one transaction so undo takes it back in one step (also in a shared Y.Doc).
import { EditorSelection } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

/** Wraps every selection in before/after; an empty selection gets a placeholder, selected. */
export function wrapSelection(view: EditorView, before: string, after: string, placeholder: string): void {
  view.dispatch(
    view.state.changeByRange((range) => {
      const text = view.state.sliceDoc(range.from, range.to) || placeholder;
      const insert = before + text + after;
      return {
        changes: { from: range.from, to: range.to, insert },
        range: EditorSelection.range(range.from + before.length, range.from + before.length + text.length),
      };
    }),
  );
  view.focus();
}

/** Adds a prefix to each line touched by the selection ('# ', '> ', '- ', '1. '). */
export function prefixLines(view: EditorView, prefix: string | ((n: number) => string)): void {
  const { state } = view;
  const changes: { from: number; insert: string }[] = [];
  const seen = new Set<number>();
  for (const range of state.selection.ranges) {
    const first = state.doc.lineAt(range.from).number;
    const last = state.doc.lineAt(range.to).number;
    for (let n = first, i = 1; n <= last; n++, i++) {
      if (seen.has(n)) continue;
      seen.add(n);
      const line = state.doc.line(n);
      changes.push({ from: line.from, insert: typeof prefix === 'string' ? prefix : prefix(i) });
    }
  }
  view.dispatch({ changes });
  view.focus();
}

/** Inserts a block on its own lines at the cursor (replacing the selection). */
export function insertBlock(view: EditorView, block: string): void {
  const { state } = view;
  const range = state.selection.main;
  const line = state.doc.lineAt(range.from);
  const before = range.from > line.from ? '\n\n' : '';
  const insert = before + block + (block.endsWith('\n') ? '' : '\n');
  view.dispatch({
    changes: { from: range.from, to: range.to, insert },
    selection: EditorSelection.cursor(range.from + insert.length),
    scrollIntoView: true,
  });
  view.focus();
}

/** Inserts text at the cursor as it is. */
export function insertText(view: EditorView, text: string): void {
  const range = view.state.selection.main;
  view.dispatch({ changes: { from: range.from, to: range.to, insert: text }, selection: EditorSelection.cursor(range.from + text.length), scrollIntoView: true });
  view.focus();
}

export const TABLE_SNIPPET = '| Column 1 | Column 2 | Column 3 |\n|:----|:----|:----|\n|  |  |  |\n';
export const TABLE_SNIPPET_ZH = '| 列1 | 列2 | 列3 |\n|:----|:----|:----|\n|  |  |  |\n';
