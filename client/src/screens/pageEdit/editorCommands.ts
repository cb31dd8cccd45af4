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
    { userEvent: 'input' },
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
  view.dispatch({ changes, userEvent: 'input' });
  view.focus();
}

/**
 * Inserts a block (template, table, data dictionary, rule…) as its own paragraph at the cursor,
 * replacing the selection: a blank line before and after it unless there is one already, so its
 * first line never joins a table or paragraph above it (Markdown would read it as one more row).
 */
export function insertBlock(view: EditorView, block: string): void {
  const { state } = view;
  const range = state.selection.main;
  const body = block.replace(/^\n+/, '').replace(/\n*$/, '\n');
  const { before, after } = blockPadding(state.sliceDoc(0, range.from), state.sliceDoc(range.to));
  const insert = before + body + after;
  view.dispatch({
    changes: { from: range.from, to: range.to, insert },
    selection: EditorSelection.cursor(range.from + before.length + body.length),
    scrollIntoView: true,
    userEvent: 'input',
  });
  view.focus();
}

/**
 * The line breaks a block ending in '\n' needs around it to stand alone between `head` (the text
 * before the cursor) and `tail` (after it): nothing at the start or end of the text.
 */
export function blockPadding(head: string, tail: string): { before: string; after: string } {
  const lineHead = head.slice(head.lastIndexOf('\n') + 1);
  const above = head.slice(0, head.length - lineHead.length);
  // mid-line: end the line and leave a blank one; at a line's start: a blank line unless the line above is one
  const before = lineHead.trim() !== '' ? '\n\n' : above !== '' && lastLine(above).trim() !== '' ? '\n' : '';
  // text after the cursor on its line starts a new paragraph; a blank rest of line already is the gap
  const lineTail = tail.split('\n', 1)[0];
  const after = lineTail.trim() !== '' ? '\n' : '';
  return { before, after };
}

/** The last line of text that ends with a line break. */
const lastLine = (text: string) => text.slice(text.lastIndexOf('\n', text.length - 2) + 1, -1);

/** Inserts text at the cursor as it is. */
export function insertText(view: EditorView, text: string): void {
  const range = view.state.selection.main;
  view.dispatch({
    changes: { from: range.from, to: range.to, insert: text },
    selection: EditorSelection.cursor(range.from + text.length),
    scrollIntoView: true,
    userEvent: 'input',
  });
  view.focus();
}

export const TABLE_SNIPPET = '| Column 1 | Column 2 | Column 3 |\n|:----|:----|:----|\n|  |  |  |\n';
export const TABLE_SNIPPET_ZH = '| 列1 | 列2 | 列3 |\n|:----|:----|:----|\n|  |  |  |\n';
