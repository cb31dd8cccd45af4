// Where the user's cursor last was in a page's editor, kept for this tab (sessionStorage). A new
// editor view — the editor opened again, rebuilt after a reconnect or a read-only switch — starts
// there instead of at the top, so "Insert link", templates and the toolbar act where the user was.
// With co-editing the place is also kept as Yjs relative positions, which follow other people's
// edits; plain offsets are the fallback.
import { EditorSelection, type EditorState } from '@codemirror/state';
import { EditorView, type ViewUpdate } from '@codemirror/view';
import { ySyncFacet } from 'y-codemirror.next';
import * as Y from 'yjs';

interface Saved {
  anchor: number;
  head: number;
  /** Y.relativePositionToJSON of anchor and head, when the view is bound to a shared text */
  y?: { anchor: unknown; head: unknown };
}

const storageKey = (key: string) => `quire.editor.cursor.${key}`;

/** Records the selection after the user moved it or typed (remote edits and set-up are not the user's place). */
export function rememberCursor(key: string, u: ViewUpdate): void {
  if (!u.transactions.some((tr) => tr.isUserEvent('select') || tr.isUserEvent('input') || tr.isUserEvent('delete') || tr.isUserEvent('undo') || tr.isUserEvent('redo'))) return;
  const { anchor, head } = u.state.selection.main;
  const saved: Saved = { anchor, head };
  const sync = u.state.facet(ySyncFacet);
  if (sync) saved.y = { anchor: Y.relativePositionToJSON(sync.toYPos(anchor)), head: Y.relativePositionToJSON(sync.toYPos(head)) };
  try {
    sessionStorage.setItem(storageKey(key), JSON.stringify(saved));
  } catch {
    /* storage full or off: the cursor is only a convenience */
  }
}

/** The remembered selection in this state's text, or null. */
export function recalledSelection(key: string, state: EditorState): EditorSelection | null {
  let saved: Saved;
  try {
    const raw = sessionStorage.getItem(storageKey(key));
    if (!raw) return null;
    saved = JSON.parse(raw) as Saved;
  } catch {
    return null;
  }
  const length = state.doc.length;
  const clamp = (n: unknown) => Math.min(Math.max(0, Number(n) || 0), length);
  const sync = state.facet(ySyncFacet);
  if (sync && saved.y) {
    try {
      return EditorSelection.single(sync.fromYPos(saved.y.anchor as object).pos, sync.fromYPos(saved.y.head as object).pos);
    } catch {
      // the positions belong to a text rebuilt since: fall back to the offsets
    }
  }
  return EditorSelection.single(clamp(saved.anchor), clamp(saved.head));
}

/** Puts a new view's cursor where the user last was (scrolled into sight, not focused). */
export function restoreCursor(key: string, view: EditorView): void {
  const selection = recalledSelection(key, view.state);
  if (selection) view.dispatch({ selection, effects: EditorView.scrollIntoView(selection.main.head, { y: 'center' }) });
}
