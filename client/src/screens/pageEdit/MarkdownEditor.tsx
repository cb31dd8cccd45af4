// CodeMirror 6 Markdown editor. Bound to a shared Y.Text when co-editing (y-codemirror.next:
// remote cursors, shared undo), or holding its own text for a page that is not saved yet.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExt, drawSelection, highlightActiveLine, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { yCollab, yUndoManagerKeymap } from 'y-codemirror.next';
import * as Y from 'yjs';
import type { Awareness } from 'y-protocols/awareness';
import { rememberCursor, restoreCursor } from './cursorMemory';

export interface Collab {
  text: Y.Text;
  awareness: Awareness;
}

export interface MarkdownEditorProps {
  /** co-editing binding; without it the editor keeps its own text starting at `initial` */
  collab: Collab | null;
  initial?: string;
  readOnly?: boolean;
  placeholder?: string;
  /** names the text (`page.<id>`): a new view starts where the user's cursor last was in it */
  cursorKey?: string;
  onChange(text: string): void;
  onSave(): void;
  /** files pasted or dropped into the editor (images are uploaded by the screen) */
  onFiles?(files: File[], view: EditorView): void;
  /** plain text pasted (the screen may turn spreadsheet rows into a table); return true when handled */
  onPasteText?(text: string, view: EditorView): boolean;
  onScroll?(ratio: number): void;
}

export interface MarkdownEditorHandle {
  view(): EditorView | null;
}

const theme = EditorView.theme({
  '&': { height: '750px', fontSize: '14px', border: '1px solid #d9d9d9', borderRadius: '6px', background: '#fff' },
  '&.cm-focused': { outline: '2px solid #91caff' },
  '.cm-scroller': { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'WenQuanYi Micro Hei Mono', monospace", lineHeight: '1.6' },
  '.cm-content': { padding: '12px 0' },
  '.cm-ySelectionInfo': { fontFamily: 'system-ui, sans-serif', fontSize: '11px', padding: '1px 4px', opacity: '1' },
});

export const MarkdownEditor = forwardRef<MarkdownEditorHandle, MarkdownEditorProps>(function MarkdownEditor(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  // callbacks change on every render; the editor reads the latest through this ref
  const latest = useRef(props);
  latest.current = props;

  useImperativeHandle(ref, () => ({ view: () => viewRef.current }), []);

  const { collab, readOnly } = props;
  useEffect(() => {
    if (!host.current) return;
    const undoManager = collab ? new Y.UndoManager(collab.text) : null;
    const extensions: Extension[] = [
      lineNumbers(),
      drawSelection(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      markdown(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      EditorView.lineWrapping,
      theme,
      placeholderExt(latest.current.placeholder ?? ''),
      EditorState.readOnly.of(!!readOnly),
      keymap.of([
        {
          key: 'Mod-s',
          preventDefault: true,
          run: () => {
            latest.current.onSave();
            return true;
          },
        },
        ...(collab ? yUndoManagerKeymap : historyKeymap),
        ...defaultKeymap,
        ...searchKeymap,
        indentWithTab,
      ]),
      collab ? yCollab(collab.text, collab.awareness, { undoManager: undoManager! }) : history(),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) latest.current.onChange(u.state.doc.toString());
        const key = latest.current.cursorKey;
        if (key) rememberCursor(key, u);
      }),
      EditorView.domEventHandlers({
        paste(event, view) {
          const files = [...(event.clipboardData?.files ?? [])];
          if (files.length && latest.current.onFiles) {
            event.preventDefault();
            latest.current.onFiles(files, view);
            return true;
          }
          const text = event.clipboardData?.getData('text/plain') ?? '';
          if (text && latest.current.onPasteText?.(text, view)) {
            event.preventDefault();
            return true;
          }
          return false;
        },
        drop(event, view) {
          const files = [...(event.dataTransfer?.files ?? [])];
          if (!files.length || !latest.current.onFiles) return false;
          event.preventDefault();
          const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
          if (pos !== null) view.dispatch({ selection: { anchor: pos }, userEvent: 'select.pointer' });
          latest.current.onFiles(files, view);
          return true;
        },
        scroll(_event, view) {
          const el = view.scrollDOM;
          const max = el.scrollHeight - el.clientHeight;
          latest.current.onScroll?.(max > 0 ? el.scrollTop / max : 0);
          return false;
        },
      }),
    ];
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({ doc: collab ? collab.text.toString() : (latest.current.initial ?? ''), extensions }),
    });
    viewRef.current = view;
    if (latest.current.cursorKey) restoreCursor(latest.current.cursorKey, view);
    latest.current.onChange(view.state.doc.toString());
    return () => {
      view.destroy();
      undoManager?.destroy();
      viewRef.current = null;
    };
  }, [collab, readOnly]);

  return <div ref={host} className="quire-editor" data-testid="page-editor" />;
});
